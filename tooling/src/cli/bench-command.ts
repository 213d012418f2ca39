import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BENCH_SIZES } from '../bench/bench-sizes.js';
import { loadRealisticCatalog } from '../bench/load-realistic-catalog.js';
import type { CostPerTaskSet } from '../bench/measure-cost-per-task.js';
import { parsePricingProfiles } from '../bench/pricing-profiles.js';
import { runBench } from '../bench/run-bench.js';
import type { EvalCorpus } from '../eval/eval-corpus.js';
import { BENCH_USAGE } from './bench-usage.js';
import { CliUsageError } from './cli-usage-error.js';
import { type CliCommand, defineCommand } from './define-command.js';
import { loadEvalCorpusFile } from './load-eval-corpus-file.js';
import { loadIntentsOverCorpus } from './load-intents-over-corpus.js';
import { mcpColdStartServers } from './mcp-cold-start-servers.js';
import { parseCount } from './parse-command-line.js';
import { readJsonFile } from './read-json-file.js';
import { renderBenchText } from './render-bench-text.js';
import { hasToolSources, TOOL_SOURCE_OPTIONS } from './tool-source-flags.js';
import { withSourceTools } from './with-source-tools.js';

/** `tool-disclosure bench`: tokens, the built-in toolSearch comparison, overhead, cold start, search. */
export const benchCommand: CliCommand = defineCommand(
  {
    usage: BENCH_USAGE,
    options: {
      ...TOOL_SOURCE_OPTIONS,
      json: { type: 'boolean' },
      sizes: { type: 'string' },
      quick: { type: 'boolean' },
      shared: { type: 'string' },
      pricing: { type: 'string' },
      'cost-sizes': { type: 'string' },
      'cost-steps': { type: 'string' },
      'cost-requests': { type: 'string' },
    },
  },
  async ({ values }, io) => {
    const sizes = parseSizes('--sizes', values.sizes) ?? BENCH_SIZES;
    const costSizes = parseSizes('--cost-sizes', values['cost-sizes']);
    const costSteps = parseSizes('--cost-steps', values['cost-steps'], 2);
    const costRequests = parseSizes('--cost-requests', values['cost-requests']);
    const pricing = values.pricing === undefined ? undefined : await readPricing(values.pricing);
    const judged = await loadEvalCorpusFile(
      fileURLToPath(new URL('../../corpus/judged-corpus.json', import.meta.url)),
    );
    const corpus = hasToolSources(values) ? await withSourceTools(judged, values, io) : judged;
    const paraphrases = await loadIntentsOverCorpus('paraphrase-intents', 'judged-corpus');
    const costSets = [
      costSet('mcp-servers', await loadEvalCorpusFile('mcp-servers')),
      costSet('judged-corpus', corpus),
      // The paraphrases are judged against the judged corpus's tools: the bench catalog.
      costSet('paraphrase-intents', { ...corpus, intents: paraphrases.intents }),
    ];
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
      costSets,
      costRequests,
      onProgress: (message) => io.stderr(`bench: ${message}\n`),
    });
    io.stdout(
      values.json ? `${JSON.stringify(report)}\n` : `${renderBenchText(report).join('\n')}\n`,
    );
    return 0;
  },
);

/** A judged set of the retrieval-driven cost model, over the corpus's own tools. */
function costSet(name: string, corpus: EvalCorpus): CostPerTaskSet {
  return {
    name,
    tools: corpus.tools,
    namespaces: Object.fromEntries(
      Object.entries(corpus.namespaces).map(([namespace, description]) => [
        namespace,
        { description },
      ]),
    ),
    intents: corpus.intents,
  };
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
