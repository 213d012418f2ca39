import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadRealisticCatalog } from '../bench/load-realistic-catalog.js';
import { COST_MODEL_SEARCH_PERIOD } from '../bench/measure-cost-model.js';
import { MCP_COLD_START_MAX_RATIO, type McpBenchServer } from '../bench/measure-mcp-cold-start.js';
import {
  DEFAULT_PRICING_PROFILE,
  PRICING_PROFILES,
  parsePricingProfiles,
} from '../bench/pricing-profiles.js';
import {
  BENCH_COST_SIZES,
  BENCH_COST_STEPS,
  BENCH_FLOOR_SIZES,
  BENCH_REFERENCE_SIZE,
  BENCH_SIZES,
  BENCH_WRAPPER_SCALING_SIZES,
  type BenchReport,
  runBench,
} from '../bench/run-bench.js';
import { createCatalog } from '../catalog/create-catalog.js';
import { DISCLOSURE_MODES } from '../disclosure/disclosure-mode.js';
import type { EvalCorpus } from '../eval/eval-corpus.js';
import type { CliIo } from './cli-io.js';
import { CliUsageError } from './cli-usage-error.js';
import { entryToDefinition } from './entry-to-definition.js';
import { formatTable } from './format-table.js';
import { loadEvalCorpusFile } from './load-eval-corpus-file.js';
import { loadToolSources } from './load-tool-sources.js';
import { parseCommandLine, parseCount } from './parse-command-line.js';
import { readJsonFile } from './read-json-file.js';
import {
  hasToolSources,
  TOOL_SOURCE_HELP,
  TOOL_SOURCE_OPTIONS,
  TOOL_SOURCE_SYNOPSIS,
} from './tool-source-flags.js';

const profileList = Object.entries(PRICING_PROFILES)
  .map(
    ([name, { cache_read, cache_write }]) => `${name} (read ${cache_read}x, write ${cache_write}x)`,
  )
  .join(', ');

export const BENCH_USAGE = `Usage: tool-disclosure bench [--json] [--sizes 10,100,1000,10000] [--quick] [--shared DIR]
       [--catalog FILE] ${TOOL_SOURCE_SYNOPSIS}
                            [--pricing FILE] [--cost-sizes 1000,10000] [--cost-steps 5,20,50]

Measures, in one process, over the judged corpus padded (or cut) to each size with distractors:
  tokens      advertised and full tokens per size and mode (off, compact, signatures, namespaces, bridged)
  toolSearch  ai's built-in toolSearch() with deferLoading on every tool against our wrapper, on the
              same scripted task at ${BENCH_REFERENCE_SIZE} tools: tokens sent per step, steps, tool list changes
  overhead    median ratio of one generateText step through the wrapper to the same step with all
              ${BENCH_REFERENCE_SIZE} tools passed to the SDK (alternated), and the wrapper's warm cost per request
  cold start  catalog, disclosure and index build per size (median of five builds from fresh tools,
              each after a full GC); import time of the built package (dist/)
  search      default ranker latency p50 and p99 per size over the corpus's intent queries
  heap        heap growth of the index at 10,000 tools, heapUsed after a forced full GC before and
              after the build (null unless 10,000 is among --sizes)
  floor       ours divided by a plain inverted-index BM25 written for the benchmark (src/bench/
              create-floor-index.ts: same tokenizer, stemmer and stop words, top-k by partial
              selection), side by side in this run: search p50 and p99 (engines alternated query by
              query), index build (median, alternated, each after a full GC) and index heap; at
              ${BENCH_FLOOR_SIZES.join(' and ')} tools when among --sizes, and at the largest size; on the bench
              catalog and, when DIR/benchmarks exists, a realistic one: every public set's tools
              (deduplicated, padded or cut to the size) searched with their real requests
  adversarial the slowest of a fixed adversarial query set (repeated clauses, 1,024 bytes of distinct
              catalog words, terms in every tool, regex and control characters, CJK, emoji, long
              single tokens) on the bench catalog at the largest size: its time, its ratio to the
              floor's p99 on the ordinary queries there, and its text (cut to 80 characters)
  scaling     the warm wrapper's cost per request at ${BENCH_WRAPPER_SCALING_SIZES.small} and ${BENCH_WRAPPER_SCALING_SIZES.large} tools, alternated batch by
              batch, and their ratio (null unless ${BENCH_WRAPPER_SCALING_SIZES.large} is among --sizes)
  cold search a cold request that searches (fresh tools, caches cleared: catalog, index build and one
              tool_search through generateText with a scripted model) divided by the same request
              through ai's toolSearch() with deferLoading; median of paired runs, at 1,000 and
              10,000 tools (null for a size not among --sizes)
  cost model  scripted long runs of 5, 20 and 50 model calls (--quick: 5 and 20) at 1,000 and 10,000
              bench tools, every tool answering 1-2 KB of deterministic JSON so the history grows:
              full (every tool advertised, plain ai), ai_tool_search (ai's toolSearch() with
              deferLoading), namespaces (ours) and promote (ours with promote: true). A searching arm
              looks for a new tool every ${COST_MODEL_SEARCH_PERIOD} steps and calls it on the others; full calls it
              every step. Per step, from the request the model was sent (tools, then messages): input
              tokens, the prefix shared with the previous request (what a provider's prompt cache can
              serve) and billed input in base-input token-equivalents, summed per run, under the
              pricing profiles ${profileList}
              (multipliers of the base input price; sources in docs/benchmarks.md). No ai_code_mode
              arm: the only published @ai-sdk/code-mode (1.0.42) has no toolDiscovery option (its
              code_mode tool describes every tool it is given) and requires ai 7.0.85 exactly
  MCP cold    the first wrapped request of a cold function over three stdio MCP servers (the
              repository's fixture server under three names; not measured without it): tools listed
              live (start and connect every server, list) against read from a snapshot file
              (parseToolSnapshot, createMcpToolsFromSnapshot, no connection), each then one
              generateText step with a scripted model; medians of 11 runs each (--quick: 5) and
              their ratio, whose gate is at most ${MCP_COLD_START_MAX_RATIO}
  index load  the default ranker's index at 1,000 and 10,000 tools (when in --sizes): built from
              the catalog against parsed from a saved index's JSON text and loaded
              (createSearchIndexSnapshot); medians of 7 pairs (--quick: 3), alternating
  cold process  a whole cold Node process (start, import, tools, one generateText step of a scripted
              model that calls nothing, exit) with plain ai and every tool against the same with
              the wrapper, at 1,000 and 10,000 tools (when in --sizes; needs dist/): medians of 7
              alternating pairs (--quick: 3) and their ratio
  long desc   the default ranker's index over 1,000 bench tools (when in --sizes) with every
              description grown to 64 KB of prose against the same tools as they are: medians of
              5 builds each (--quick: 3), alternating, each after a full GC, and their ratio
The overhead and per-request runs pass no 'namespaces' option: the wrapper reuses only catalogs of
'tools' alone, so with it every call would rebuild the catalog.
--sizes lists the catalog sizes (default: ${BENCH_SIZES.join(',')}). --quick takes fewer rounds and
searches fewer realistic requests. --shared DIR is the folder holding the public benchmark sets
(DIR/benchmarks); without it, or without DIR/benchmarks, there are no realistic rows.
--pricing FILE replaces the pricing profiles: JSON {"name": {"cache_read": 0.1, "cache_write": 1.25}}.
--cost-sizes and --cost-steps replace the cost model's catalog sizes (default: ${BENCH_COST_SIZES.join(',')}) and run
lengths (default: ${BENCH_COST_STEPS.join(',')}; with --quick the longest is left out).
--json prints one JSON object. Progress goes to stderr. Timings are machine-dependent.

Your own tools: with --catalog, --mcp, --mcp-url or --tools, the bench catalog is those sources' tools
followed by the judged corpus (whose intents stay the search queries), padded (or cut, keeping yours
first) to each size. The MCP clients are closed once the tools are listed: nothing is called.

${TOOL_SOURCE_HELP}`;

/** `tool-disclosure bench`: tokens, the built-in toolSearch comparison, overhead, cold start, search. */
export async function benchCommand(args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandLine(
    args,
    {
      ...TOOL_SOURCE_OPTIONS,
      json: { type: 'boolean' },
      sizes: { type: 'string' },
      quick: { type: 'boolean' },
      shared: { type: 'string' },
      pricing: { type: 'string' },
      'cost-sizes': { type: 'string' },
      'cost-steps': { type: 'string' },
    },
    BENCH_USAGE,
  );
  if (values.help) {
    io.stdout(`${BENCH_USAGE}\n`);
    return 0;
  }
  if (positionals.length > 0) {
    throw new CliUsageError({
      message: `unexpected argument ${JSON.stringify(positionals[0])}\n\n${BENCH_USAGE}`,
    });
  }
  const sizes = parseSizes('--sizes', values.sizes) ?? BENCH_SIZES;
  const costSizes = parseSizes('--cost-sizes', values['cost-sizes']);
  const costSteps = parseSizes('--cost-steps', values['cost-steps'], 2);
  const pricing = values.pricing === undefined ? undefined : await readPricing(values.pricing);
  const judged = await loadEvalCorpusFile(
    fileURLToPath(new URL('../../corpus/judged-corpus.json', import.meta.url)),
  );
  const corpus = hasToolSources(values) ? await withSourceTools(judged, values, io) : judged;
  const realistic =
    values.shared === undefined ? undefined : await loadRealisticCatalog(resolve(values.shared));
  if (realistic === undefined) {
    io.stderr(
      values.shared === undefined
        ? 'bench: no --shared DIR given; the floor comparison has no realistic rows\n'
        : 'bench: no benchmarks found in --shared DIR; the floor comparison has no realistic rows\n',
    );
  }
  const mcpServers = mcpColdStartServers();
  if (mcpServers.length === 0) {
    io.stderr(
      'bench: no MCP fixture server (test/fixtures/mcp-server.ts, in a checkout of the repository); the MCP cold start is not measured\n',
    );
  }
  const report = await runBench({
    corpus,
    mcpServers,
    sizes,
    quick: values.quick === true,
    realistic,
    costSizes,
    costSteps,
    pricing,
    onProgress: (message) => io.stderr(`bench: ${message}\n`),
  });
  io.stdout(values.json ? `${JSON.stringify(report)}\n` : `${renderReport(report).join('\n')}\n`);
  return 0;
}

/**
 * The judged corpus with the sources' tools first; only their definitions are
 * kept, so the clients are closed before anything is measured.
 */
async function withSourceTools(
  judged: EvalCorpus,
  flags: Parameters<typeof loadToolSources>[0],
  io: CliIo,
): Promise<EvalCorpus> {
  const sources = await loadToolSources(flags, io);
  try {
    const catalog = await createCatalog({
      definitions: sources.definitions,
      namespaces: sources.namespaces,
      tools: sources.tools,
    });
    const namespaces = Object.fromEntries(
      Object.entries(sources.namespaces).flatMap(([name, declaration]) =>
        declaration.description === undefined ? [] : [[name, declaration.description]],
      ),
    );
    io.stderr(
      `bench: ${catalog.entries.length} tools from the sources, before the judged corpus\n`,
    );
    return {
      ...judged,
      name: `${judged.name}+sources`,
      tools: [...catalog.entries.map(entryToDefinition), ...judged.tools],
      namespaces: { ...judged.namespaces, ...namespaces },
    };
  } finally {
    await sources.close();
  }
}

/**
 * Three stdio servers for the MCP cold start: the repository's fixture server
 * under three names, run by this Node.js; none outside a checkout.
 */
function mcpColdStartServers(): McpBenchServer[] {
  const fixture = fileURLToPath(new URL('../../test/fixtures/mcp-server.ts', import.meta.url));
  if (!existsSync(fixture)) return [];
  return ['alpha', 'beta', 'gamma'].map((name) => ({
    name,
    command: process.execPath,
    args: ['--experimental-strip-types', '--no-warnings', fixture],
  }));
}

/** Parses `--sizes 10,100`: counts of at least `minimum`. */
function parseSizes(
  flag: string,
  value: string | undefined,
  minimum = 1,
): readonly number[] | undefined {
  if (value === undefined) return undefined;
  return value.split(',').map((size) => parseCount(flag, size.trim(), minimum) as number);
}

/** Reads `--pricing FILE`; a file that is not `{ name: { cache_read, cache_write } }` is a usage error. */
async function readPricing(path: string) {
  const parsed = parsePricingProfiles(await readJsonFile(path, 'pricing file'));
  if ('problem' in parsed) {
    throw new CliUsageError({ message: `pricing file ${path}: ${parsed.problem}` });
  }
  return parsed.profiles;
}

function renderReport(report: BenchReport): string[] {
  const sizes = Object.keys(report.tokens).map(Number);
  const tokenRows = sizes.flatMap((size) =>
    DISCLOSURE_MODES.map((mode) => {
      const { advertised, full } = report.tokens[size]?.[mode] ?? { advertised: 0, full: 0 };
      return [
        count(size),
        mode,
        count(advertised),
        count(full),
        advertised === 0 ? '-' : `${(full / advertised).toFixed(1)}x`,
      ];
    }),
  );
  const task = (name: string, measured: BenchReport['ours']) => [
    name,
    String(measured.steps),
    measured.advertised_per_step.map(count).join(' / '),
    count(measured.advertised_per_step.reduce((sum, tokens) => sum + tokens, 0)),
    String(measured.tool_list_changes),
  ];
  return [
    'tool-disclosure bench (timings are machine-dependent)',
    '',
    'Tokens of the tool definitions sent per step, against the full catalog:',
    ...indent(formatTable([['tools', 'mode', 'advertised', 'full', 'fewer'], ...tokenRows])),
    '',
    `Scripted task at ${count(BENCH_REFERENCE_SIZE)} tools (search for a tool, call it, answer):`,
    ...indent(
      formatTable([
        ['surface', 'steps', 'tokens sent per step', 'total', 'tool list changes'],
        task("ai's toolSearch() + deferLoading", report.builtin_tool_search),
        task('tool-disclosure (namespaces)', report.ours),
      ]),
    ),
    '',
    'Cold start and search (ms):',
    ...indent(
      formatTable([
        ['tools', 'build', 'search p50', 'search p99'],
        ...sizes.map((size) => [
          count(size),
          (report.build_ms[size] ?? 0).toFixed(1),
          (report.search_ms[size]?.p50 ?? 0).toFixed(3),
          (report.search_ms[size]?.p99 ?? 0).toFixed(3),
        ]),
      ]),
    ),
    '',
    ...indent(
      formatTable([
        ['measure', 'value'],
        [
          `overhead ratio (wrapped / unwrapped step, ${count(BENCH_REFERENCE_SIZE)} tools)`,
          report.overhead_ratio.toFixed(3),
        ],
        ['wrapper ms per request (warm cache)', report.wrapper_ms_per_request.toFixed(4)],
        [
          'wrapper ms per request (fresh record, same tools)',
          report.fresh_record_ms_per_request.toFixed(4),
        ],
        ['fresh record / warm (ratio)', report.fresh_record_ratio.toFixed(3)],
        [
          'package import ms',
          report.import_ms === null ? 'n/a (run npm run build)' : report.import_ms.toFixed(1),
        ],
        [
          'index heap MB at 10,000 tools',
          report.heap_mb_10000 === null
            ? 'n/a (10000 not in --sizes)'
            : report.heap_mb_10000.toFixed(1),
        ],
      ]),
    ),
    '',
    'Against the floor engine (ours / a plain inverted-index BM25, side by side in this run):',
    ...indent(
      formatTable([
        ['catalog', 'tools', 'search p50', 'search p99', 'build', 'heap'],
        ...(report.floor ?? []).map((row) => [
          row.catalog,
          count(row.tools),
          times(row.search_p50_ratio),
          times(row.search_p99_ratio),
          times(row.build_ratio),
          times(row.heap_ratio),
        ]),
      ]),
    ),
    '',
    'Worst cases and scaling:',
    ...indent(formatTable([['measure', 'value'], ...worstCaseRows(report)])),
    ...mcpColdStartLines(report),
    ...indexLoadLines(report),
    ...costModelLines(report),
  ];
}

/** The default ranker's index built against loaded from a saved index, per size. */
function indexLoadLines(report: BenchReport): string[] {
  const rows = report.index_load ?? [];
  if (rows.length === 0) return [];
  return [
    '',
    'Search index at a cold start, built against loaded from a saved index (ms, medians of pairs):',
    ...indent(
      formatTable([
        ['tools', 'build', 'parse + load', 'load / build', 'saved bytes'],
        ...rows.map((row) => [
          count(row.tools),
          row.build_ms.toFixed(2),
          row.load_ms.toFixed(2),
          times(row.ratio),
          count(row.snapshot_bytes),
        ]),
      ]),
    ),
  ];
}

/** The MCP cold start: live listing against a snapshot, and its gate. */
function mcpColdStartLines(report: BenchReport): string[] {
  const measured = report.mcp_cold_start;
  if (measured == null) return [];
  const passes = measured.ratio <= MCP_COLD_START_MAX_RATIO;
  return [
    '',
    `Cold start over ${measured.servers} stdio MCP servers, ${count(measured.tools)} tools (ms, median of ${measured.repetitions}):`,
    ...indent(
      formatTable([
        ['tools from', 'ms', 'of live'],
        ['live listing', measured.live_ms.toFixed(2), '1'],
        [
          `snapshot (${count(measured.snapshot_bytes)} bytes)`,
          measured.snapshot_ms.toFixed(3),
          measured.ratio.toFixed(4),
        ],
      ]),
    ),
    `  gate: snapshot <= ${MCP_COLD_START_MAX_RATIO} of live: ${passes ? 'pass' : 'FAIL'}`,
  ];
}

/** The cost model's rows, one table per pricing profile, the default profile first. */
function costModelLines(report: BenchReport): string[] {
  const rows = report.cost_model ?? [];
  const profiles = [...new Set(rows.map((row) => row.pricing))].sort(
    (left, right) =>
      Number(right === DEFAULT_PRICING_PROFILE) - Number(left === DEFAULT_PRICING_PROFILE),
  );
  return profiles.flatMap((profile) => [
    '',
    `Cost over long runs, pricing ${profile} (billed input in base-input token-equivalents):`,
    ...indent(
      formatTable([
        ['arm', 'tools', 'steps', 'input tokens', 'cached', 'billed input'],
        ...rows
          .filter((row) => row.pricing === profile)
          .map((row) => [
            row.arm,
            count(row.tools),
            String(row.steps),
            count(row.input_tokens),
            count(row.cached_tokens),
            count(Math.round(row.billed_input)),
          ]),
      ]),
    ),
  ]);
}

function worstCaseRows(report: BenchReport): string[][] {
  const rows: string[][] = [];
  const { adversarial, wrapper_scaling, cold_search_ratio, long_descriptions, cold_process } =
    report;
  if (adversarial !== undefined) {
    rows.push(
      [`adversarial worst ms (${count(adversarial.tools)} tools)`, adversarial.worst_ms.toFixed(3)],
      ['adversarial worst / floor p99', times(adversarial.worst_ratio_to_floor_p99)],
      ['adversarial worst query', JSON.stringify(adversarial.worst_query).slice(0, 50)],
    );
  }
  const { small, large } = BENCH_WRAPPER_SCALING_SIZES;
  rows.push([
    `warm wrapper ms per request, ${count(small)} / ${count(large)} tools`,
    wrapper_scaling == null
      ? `n/a (${large} not in --sizes)`
      : `${wrapper_scaling.ms_100.toFixed(4)} / ${wrapper_scaling.ms_10000.toFixed(4)} (${times(wrapper_scaling.ratio)})`,
  ]);
  for (const [size, ratio] of [
    [1000, cold_search_ratio?.tools_1000],
    [10000, cold_search_ratio?.tools_10000],
  ] as const) {
    rows.push([
      `cold request that searches / ai's toolSearch(), ${count(size)} tools`,
      ratio == null ? `n/a (${size} not in --sizes)` : times(ratio),
    ]);
  }
  for (const row of cold_process ?? []) {
    rows.push([
      `cold process without a search, ours / plain ai, ${count(row.tools)} tools`,
      `${row.ours_ms.toFixed(0)} / ${row.plain_ms.toFixed(0)} ms (${times(row.ratio)})`,
    ]);
  }
  if (long_descriptions != null) {
    rows.push([
      `index build, ${count(long_descriptions.tools)} tools with 64 KB descriptions / ordinary`,
      `${long_descriptions.long_build_ms.toFixed(1)} / ${long_descriptions.ordinary_build_ms.toFixed(1)} ms (${times(long_descriptions.ratio)})`,
    ]);
  }
  return rows;
}

/** A ratio as a factor, `2.35x`. */
function times(ratio: number): string {
  return `${ratio.toFixed(2)}x`;
}

function indent(lines: readonly string[]): string[] {
  return lines.map((line) => `  ${line}`);
}

/** A number with thousands separators. */
function count(value: number): string {
  return value.toLocaleString('en-US');
}
