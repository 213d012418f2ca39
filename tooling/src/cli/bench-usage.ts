import { APP_HOLDINGS } from '../bench/app-holding.js';
import { FULL_BENCH_EFFORT, QUICK_BENCH_EFFORT } from '../bench/bench-effort.js';
import {
  BENCH_COST_REQUESTS,
  BENCH_COST_SIZES,
  BENCH_COST_STEPS,
  BENCH_FLOOR_SIZES,
  BENCH_REFERENCE_SIZE,
  BENCH_SIZES,
  BENCH_STEP_COST_SIZES,
  BENCH_WRAPPER_SCALING_SIZES,
} from '../bench/bench-sizes.js';
import { BENCH_APP_SIZES } from '../bench/measure-app-speed.js';
import { COLD_SEARCH_PROCESS_QUERY } from '../bench/measure-cold-search-process.js';
import { COST_MODEL_SEARCH_PERIOD } from '../bench/measure-cost-model.js';
import { COST_PER_TASK_MIN_GRADE } from '../bench/measure-cost-per-task.js';
import { MCP_COLD_START_MAX_RATIO } from '../bench/measure-mcp-cold-start.js';
import { STEP_COST_STEPS } from '../bench/measure-step-cost.js';
import { PRICING_PROFILES } from '../bench/pricing-profiles.js';
import { SHORTENED_QUERY_WORDS } from '../bench/shorten-query.js';
import { OPTIONAL_TOOL_SOURCE_HELP, TOOL_SOURCE_SYNOPSIS } from './tool-source-flags.js';

const profileList = Object.entries(PRICING_PROFILES)
  .map(
    ([name, { cache_read, cache_write }]) => `${name} (read ${cache_read}x, write ${cache_write}x)`,
  )
  .join(', ');

/** `tool-disclosure bench --help`: every measure the bench takes, and its flags. */
export const BENCH_USAGE = `Usage: tool-disclosure bench [--json] [--sizes 10,100,1000,10000] [--quick] [--shared DIR]
       [--catalog FILE] ${TOOL_SOURCE_SYNOPSIS}
                            [--pricing FILE] [--cost-sizes 1000,10000] [--cost-steps 5,20,50]
                            [--cost-requests 1,5,20]

Measures, in one process, over the judged corpus padded (or cut) to each size with distractors:
  tokens      advertised and full tokens per size and mode (off, compact, signatures, namespaces, bridged)
  toolSearch  ai's built-in toolSearch() with deferLoading on every tool against our wrapper, on the
              same scripted task at ${BENCH_REFERENCE_SIZE} tools: tokens sent per step, steps, tool list changes
  overhead    median ratio of one generateText step through the wrapper to the same step with all
              ${BENCH_REFERENCE_SIZE} tools passed to the SDK (alternated), and the wrapper's warm cost per request
  step cost   one model step through our generateText beside the same step through plain ai's
              with the same tools, every tool active (as an application without the library sends
              them), at ${BENCH_STEP_COST_SIZES.join(' and ')} tools (when among --sizes), for a zod catalog (tool({
              inputSchema: z.object(...) })) and a JSON Schema one (jsonSchema(), as MCP tools are)
              of the bench tools, every property described: warm runs of ${STEP_COST_STEPS} calls of a scripted
              model (ours: tool_search, a deferred tool through tool_call, an answer; plain ai: that
              tool called twice, an answer), alternated, each after a minor collection,
              ${FULL_BENCH_EFFORT.stepCostPairs} timed pairs (--quick: ${QUICK_BENCH_EFFORT.stepCostPairs}) after 2 untimed. JSON: step_cost, rows {catalog
              ("zod" or "json_schema"), tools, steps, ours_ms_per_step, plain_ai_ms_per_step,
              ratio (median over pairs of ours / plain)}
  cold start  catalog, disclosure and index build per size (median of five builds from fresh tools,
              each after a full GC); import time of the built package (dist/)
  search      default ranker latency p50 and p99 per size over the corpus's intent queries
  heap        heap growth of the index at 10,000 tools, heapUsed plus arrayBuffers after forced
              full GCs before and after the build (null unless 10,000 is among --sizes)
  floor       ours divided by a plain inverted-index BM25 written for the benchmark (src/bench/
              create-floor-index.ts: same tokenizer, stemmer and stop words, top-k by partial
              selection), side by side in this run: search p50 and p99 (engines alternated query by
              query), index build (median, alternated, each after a full GC) and index heap (three
              indexes of each held at once, each having answered every query, divided by three); at
              ${BENCH_FLOOR_SIZES.join(' and ')} tools when among --sizes, and at the largest size; on the bench
              catalog and, when DIR/benchmarks exists, a realistic one: every public set's tools
              (deduplicated, padded or cut to the size) searched with their real requests
  engines     ours divided by an independent engine, MiniSearch (fields name and description,
              identifiers split into words, English stop words dropped, name matches boosted 2x,
              query words of 4+ letters also matched as prefixes, no fuzzy matching), on every
              catalog and size of the floor comparison: search p50 and p99 over the same queries,
              the engines' order rotating query by query after one untimed pass. JSON: engines,
              rows {catalog, tools, engine, search_p50_ratio, search_p99_ratio}
  app patterns  one request of an application holding its tools each way, holding one of
              ${APP_HOLDINGS.join(', ')} (a module-level record reused,
              Object.freeze(tools), freezeTools(tools), new tool objects of the same content made
              before every request, untimed, as await mcpClient.tools() makes them) through our
              generateText beside plain ai's with the same tools held the same way, every tool sent:
              a warm process, a scripted model that answers at once, ours and plain ai alternated,
              each request after a minor collection,
              ${FULL_BENCH_EFFORT.appPatternPairs} timed pairs (--quick: ${QUICK_BENCH_EFFORT.appPatternPairs}) after 3 untimed, at ${BENCH_APP_SIZES.join(' and ')} tools (when among
              --sizes), over the public sets' tools (padded to the size) when --shared DIR has them,
              else the bench catalog. JSON: app_patterns, rows {tools, holding, ms, plain_ai_ms
              (medians), ratio (median over pairs of ours / plain ai)}
  import ratio  await import() of the built root entry (dist/index.js, which imports ai itself)
              against await import('ai'), each timed inside a fresh Node process, ${FULL_BENCH_EFFORT.importPairs} alternated
              pairs (--quick: ${QUICK_BENCH_EFFORT.importPairs}). JSON: import_ratio {ours_ms, ai_ms, ratio}; null without dist/
  cold search process  a whole fresh Node process (start, import, read the bench catalog's
              definitions from a file and make AI SDK tools of them, one request of a scripted
              model that calls tool_search for "${COLD_SEARCH_PROCESS_QUERY}" and answers, exit),
              ours in namespaces mode against ai's toolSearch() with deferLoading on every tool,
              timed from spawn to exit, ${FULL_BENCH_EFFORT.coldSearchProcessPairs} alternated pairs (--quick: ${QUICK_BENCH_EFFORT.coldSearchProcessPairs}), at ${BENCH_APP_SIZES.join(' and ')} tools (when
              among --sizes; needs dist/). JSON: cold_search_process, rows {tools, ours_ms,
              tool_search_ms, ratio}
  adversarial the slowest of a fixed adversarial query set (repeated clauses, 1,024 bytes of distinct
              catalog words, terms in every tool, regex and control characters, CJK, emoji, long
              single tokens) on the bench catalog at the largest size: its time, its ratio to the
              floor's p99 on the ordinary queries there, and its text (cut to 80 characters)
  scaling     the warm wrapper's cost per request (withToolDisclosureSync with a model, never called)
              at ${BENCH_WRAPPER_SCALING_SIZES.small} and ${BENCH_WRAPPER_SCALING_SIZES.large} tools, alternated batch by batch, and their ratio: records
              frozen with freezeTools, and in wrapper_scaling.unfrozen records as they are (null
              unless ${BENCH_WRAPPER_SCALING_SIZES.large} is among --sizes)
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
  cost per task  the retrieval-driven cost model: every request of three judged sets (mcp-servers:
              natural requests over the tools of real MCP servers; judged-corpus; paraphrase-intents
              over the judged corpus's tools), each over its own catalog padded with distractors to
              the cost model's sizes (--quick: the smallest only), in the set's order, in
              conversations of 1, 5 and 20 requests (the last conversation holds what is left; history
              carried, one generateText call per request), through full, ai_tool_search and
              namespaces. A scripted agent searches with the request's own words through the arm's
              own search, calls a judged tool of grade ${COST_PER_TASK_MIN_GRADE} or more only if the results show one (the best
              graded), else searches once more with the request's first ${SHORTENED_QUERY_WORDS} words that are not filler,
              else gives up; full calls the tool at once (it completes every task by construction).
              Tokens as in the cost model, each request's cached prefix being the longest it shares
              with any earlier request of the conversation; warm counts the first request's tool
              definitions as already cached (a multi-user app's steady state), cold does not.
              JSON: cost_per_task, rows {set, arm, tools, requests (per conversation), cache
              ("cold" or "warm"), pricing, tasks (requests a judged tool of grade ${COST_PER_TASK_MIN_GRADE}+ does), no_match
              (the other requests: run and billed, the agent gives up), completed (a count, of
              tasks), searches (every tool_search call / completed), billed_input (every request's
              billed input / completed, base-input token-equivalents); null when none completed}
  MCP cold    the first wrapped request of a cold function over three stdio MCP servers (the
              repository's fixture server under three names; not measured without it): tools listed
              live (start and connect every server, list) against read from a snapshot file
              (parseToolSnapshot, createMcpToolsFromSnapshot, no connection), each then one
              generateText step with a scripted model; medians of 11 runs each (--quick: 5) and
              their ratio, whose gate is at most ${MCP_COLD_START_MAX_RATIO}
  cold process  a whole cold Node process (start, import, tools, one generateText step of a scripted
              model that calls nothing, exit) with plain ai and every tool against the same with
              the wrapper, at 1,000 and 10,000 tools (when in --sizes; needs dist/): medians of 7
              alternating pairs (--quick: 3) and their ratio
  long desc   the default ranker's index over 1,000 bench tools (when in --sizes) with every
              description grown to 64 KB of prose against the same tools as they are: medians of
              15 builds each (--quick: 5), alternating after one untimed build of each, each after
              a full GC, and their ratio
The overhead and per-request runs pass no 'namespaces' option: the wrapper reuses only catalogs of
'tools' alone, so with it every call would rebuild the catalog.
--sizes lists the catalog sizes (default: ${BENCH_SIZES.join(',')}). --quick takes fewer rounds and
searches fewer realistic requests. --shared DIR is the folder holding the public benchmark sets
(DIR/benchmarks); without it, or without DIR/benchmarks, there are no realistic rows.
--pricing FILE replaces the pricing profiles: JSON {"name": {"cache_read": 0.1, "cache_write": 1.25}}.
--cost-sizes and --cost-steps replace the cost model's catalog sizes (default: ${BENCH_COST_SIZES.join(',')}) and run
lengths (default: ${BENCH_COST_STEPS.join(',')}; with --quick the longest is left out). --cost-requests replaces the
retrieval-driven cost model's conversation lengths (default: ${BENCH_COST_REQUESTS.join(',')}).
--json prints one JSON object. Progress goes to stderr. Timings are machine-dependent.

Your own tools: with --catalog, --mcp, --mcp-url or --tools, the bench catalog is those sources' tools
followed by the judged corpus (whose intents stay the search queries), padded (or cut, keeping yours
first) to each size. The MCP clients are closed once the tools are listed: nothing is called.

${OPTIONAL_TOOL_SOURCE_HELP}`;
