import { performance } from 'node:perf_hooks';
import { generateText as aiGenerateText, type ToolSet } from 'ai';
import type { MockLanguageModelV4 } from 'ai/test';
import type { ToolDefinition } from 'tool-disclosure/catalog';
import type { ToolDisclosureOptions } from 'tool-disclosure/wrap';
import { freezeTools, generateText } from 'tool-disclosure/wrap';
import type { AppHolding } from './app-holding.js';
import { createBenchTools } from './create-bench-tools.js';
import { exposeGc } from './expose-gc.js';
import { BENCH_WRAPPER_OPTIONS } from './measure-wrapper-overhead.js';
import { scriptedAnswer } from './scripted-model-result.js';
import { summarizePairedTimes } from './summarize-paired-times.js';
import { timeAlternately } from './time-alternately.js';

/** One row of `app_patterns` in `bench --json`. */
export interface AppPatternRow {
  tools: number;
  holding: AppHolding;
  /** Median milliseconds of one request through our `generateText`, warm process. */
  ms: number;
  /** The same request through plain `ai`'s `generateText` with the same tools, held the same way. */
  plain_ai_ms: number;
  /** Median over alternated pairs of (ours ÷ plain `ai`'s). */
  ratio: number;
}

export interface MeasureAppPatternOptions {
  /** The catalog: each holding makes AI SDK tools of it with `createBenchTools`. */
  definitions: readonly ToolDefinition[];
  holding: AppHolding;
  /** The wrapper's options. @default BENCH_WRAPPER_OPTIONS */
  options?: ToolDisclosureOptions;
  /** Timed pairs of requests, one through each `generateText`, alternating which goes first. @default 15 */
  pairs?: number;
  /** Untimed pairs before the timed ones (caches filled, code compiled). @default 3 */
  warmUpPairs?: number;
  /** The clock, in milliseconds. @default performance.now */
  now?: () => number;
}

type Arm = 'ours' | 'plain_ai';

const answer = 'ok';

/**
 * The cost of one request of an application holding its tools as `holding`
 * says, through our `generateText` beside plain `ai`'s with the same tools
 * held the same way: one call of a scripted `MockLanguageModelV4` that
 * answers at once, so what is timed is what each `generateText` does with the
 * tools (ours: read them, reuse or build its catalog, compose the surface;
 * plain `ai`: prepare and send every tool). Making fresh tool objects is the
 * application's work in both arms and is not timed. Requests alternate in one
 * warm process, each after a minor collection. Throws when our model was sent
 * the whole catalog or plain `ai`'s model not every tool, so a surface that
 * did not defer never reports a plausible number.
 *
 * @example
 * const row = await measureAppPattern({ definitions, holding: 'fresh_objects' });
 */
export async function measureAppPattern({
  definitions,
  holding,
  options = BENCH_WRAPPER_OPTIONS,
  pairs = 15,
  warmUpPairs = 3,
  now = () => performance.now(),
}: MeasureAppPatternOptions): Promise<AppPatternRow> {
  const { MockLanguageModelV4 } = await import('ai/test');
  const toolsOfRequest = holdTools(definitions, holding);
  const collect = exposeGc('minor');
  const run = async (arm: Arm): Promise<number> => {
    const tools = toolsOfRequest();
    // A model per request, so its recorded calls do not pile up.
    const model = new MockLanguageModelV4({
      provider: 'tool-disclosure',
      modelId: 'bench-app-pattern',
      doGenerate: async () => scriptedAnswer(answer),
    });
    const settings = { model, prompt: 'Say ok.', tools };
    collect();
    const start = now();
    const result =
      arm === 'ours'
        ? await generateText({ ...settings, toolDisclosure: options })
        : await aiGenerateText(settings);
    const elapsed = now() - start;
    checkRequest(arm, result.text, model, definitions.length);
    return elapsed;
  };

  for (let pair = 0; pair < warmUpPairs; pair++) {
    await run('ours');
    await run('plain_ai');
  }
  const times = await timeAlternately(
    pairs,
    () => run('ours'),
    () => run('plain_ai'),
  );
  const summary = summarizePairedTimes(times.first, times.second);
  return {
    tools: definitions.length,
    holding,
    ms: summary.first_ms,
    plain_ai_ms: summary.second_ms,
    ratio: summary.ratio,
  };
}

/** What each request is handed, as an application holding its tools as `holding` says. */
export function holdTools(
  definitions: readonly ToolDefinition[],
  holding: AppHolding,
): () => ToolSet {
  switch (holding) {
    case 'record': {
      const tools = createBenchTools(definitions);
      return () => tools;
    }
    case 'frozen': {
      const tools = Object.freeze(createBenchTools(definitions));
      return () => tools;
    }
    case 'freeze_tools': {
      const tools = freezeTools(createBenchTools(definitions));
      return () => tools;
    }
    case 'fresh_objects':
      return () => createBenchTools(definitions);
  }
}

/** Throws unless the request answered and each model was sent what its arm sends. */
function checkRequest(arm: Arm, text: string, model: MockLanguageModelV4, toolCount: number): void {
  const sent = model.doGenerateCalls[0]?.tools?.length ?? 0;
  const problem =
    text !== answer
      ? `answered ${JSON.stringify(text)}`
      : arm === 'plain_ai' && sent !== toolCount
        ? `sent the model ${sent} of ${toolCount} tools`
        : arm === 'ours' && sent >= toolCount
          ? `sent the model ${sent} tools, no fewer than the catalog's ${toolCount}: it did not defer`
          : undefined;
  if (problem !== undefined) throw new Error(`the app pattern's request through ${arm} ${problem}`);
}
