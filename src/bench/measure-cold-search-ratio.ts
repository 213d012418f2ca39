import { performance } from 'node:perf_hooks';
import { generateText as aiGenerateText, isStepCount } from 'ai';
import type { MockLanguageModelV4 } from 'ai/test';
import type { NamespaceDeclaration } from '../catalog/create-catalog.js';
import type { ToolDefinition } from '../catalog/tool-definition.js';
import { clearSearchIndexCache } from '../search/get-search-index.js';
import { generateText } from '../wrap/generate-text.js';
import { createBenchTools } from './create-bench-tools.js';
import { deferAllTools } from './defer-all-tools.js';
import { exposeGc } from './expose-gc.js';
import { median } from './percentile.js';
import {
  type ScriptedModelResult,
  scriptedAnswer,
  scriptedToolCall,
} from './scripted-model-result.js';
import { timeAlternately } from './time-alternately.js';

/** Untimed pairs before the timed ones. */
const WARM_UP_PAIRS = 5;

/** What the cold request's model searches for. */
export const COLD_SEARCH_QUERY = 'current time in a time zone';

/** A cold request that searches, through our wrapper and through `ai`'s `toolSearch()`. */
export interface ColdSearchRatio {
  /** Median over pairs of (our request / the SDK's request). */
  ratio: number;
  ours_ms: number;
  sdk_ms: number;
}

export interface MeasureColdSearchRatioOptions {
  /** The catalog; each request gets fresh AI SDK tools made from it. */
  definitions: readonly ToolDefinition[];
  /** Namespace descriptions for our wrapper. @default {} */
  namespaces?: Record<string, NamespaceDeclaration>;
  /** Paired runs; which surface goes first alternates. @default 5 */
  pairs?: number;
  /** The clock, in milliseconds. @default performance.now */
  now?: () => number;
}

type CallOptions = Parameters<MockLanguageModelV4['doGenerate']>[0];
type Surface = 'ours' | 'sdk';

/**
 * The cost of a cold serverless request whose model searches once and then
 * answers: fresh tools, every cache of ours cleared (so the catalog and index
 * are built inside the request), one `generateText` with a scripted model.
 * Ours runs in `namespaces` mode; the SDK's runs with `deferLoading` on every
 * tool and `toolSearch()`. Each request runs after a minor collection (an
 * empty young generation, so neither pays for the other's garbage), the order
 * alternating, after five untimed pairs (the cost of a request with every
 * cache cold, not of V8 compiling our code: a cold process's is
 * `measureColdProcess`'s); throws when a search found nothing, so a broken surface
 * never reports a plausible number.
 *
 * @example
 * const { ratio } = await measureColdSearchRatio({ definitions: padWithDistractors(corpus.tools, 1000) });
 */
export async function measureColdSearchRatio({
  definitions,
  namespaces = {},
  pairs = 5,
  now = () => performance.now(),
}: MeasureColdSearchRatioOptions): Promise<ColdSearchRatio> {
  const { MockLanguageModelV4 } = await import('ai/test');
  // Not a full collection: one before each request let the hidden classes of the previous
  // request's tool objects die, and `ai`'s request then took about twice as long (6 against 15
  // ms at 1,000 tools), a state a serving process is in after its occasional full collection,
  // not before every request. The ratio read 1.2-1.4 that way and 2.2-3.7 without it.
  const collect = exposeGc('minor');
  const run = async (surface: Surface): Promise<number> => {
    const tools = createBenchTools(definitions);
    const model = new MockLanguageModelV4({
      provider: 'tool-disclosure',
      modelId: 'bench-cold-search',
      doGenerate: async (options) => decide(options),
    });
    clearSearchIndexCache();
    collect();
    const settings = { model, prompt: 'Find a clock tool.', stopWhen: isStepCount(3) };
    const start = now();
    const result =
      surface === 'ours'
        ? await generateText({
            ...settings,
            tools,
            toolDisclosure: {
              mode: 'namespaces',
              namespaces,
              environment: {},
              onWarning: () => {},
            },
          })
        : await aiGenerateText({ ...settings, tools: deferAllTools(tools) });
    const elapsed = now() - start;
    if (!result.text.startsWith('found ') || result.text === 'found 0') {
      throw new Error(`the cold request through ${surface} found no tool: ${result.text}`);
    }
    return elapsed;
  };

  // Untimed pairs first, so no timed one pays for loading code or for V8 compiling it: code that
  // runs once per request (a catalog build) is optimized only after a few requests, and the first
  // five ran 1.5 to 7 times the later ones' time, more the less of ours the process had run before.
  for (let pair = 0; pair < WARM_UP_PAIRS; pair++) {
    await run('ours');
    await run('sdk');
  }
  const { first: ours, second: sdk } = await timeAlternately(
    pairs,
    () => run('ours'),
    () => run('sdk'),
  );
  const ratios = ours.map((oursMs, pair) => oursMs / (sdk[pair] as number));
  clearSearchIndexCache();
  return { ratio: median(ratios), ours_ms: median(ours), sdk_ms: median(sdk) };
}

/** Searches first; then answers with how many tools the search returned. */
function decide(options: CallOptions): ScriptedModelResult {
  for (const message of options.prompt) {
    if (message.role !== 'tool') continue;
    for (const part of message.content) {
      if (part.type !== 'tool-result' || part.toolName !== 'tool_search') continue;
      const value = 'value' in part.output ? part.output.value : undefined;
      const record = (value ?? {}) as { results?: unknown; tools?: unknown };
      const found = Array.isArray(record.results)
        ? record.results.length
        : Array.isArray(record.tools)
          ? record.tools.length
          : 0;
      return scriptedAnswer(`found ${found}`);
    }
  }
  return scriptedToolCall('call_1', 'tool_search', { query: COLD_SEARCH_QUERY });
}
