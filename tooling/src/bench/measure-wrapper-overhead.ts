import { performance } from 'node:perf_hooks';
import { generateText as aiGenerateText, type ToolSet } from 'ai';
import type { MockLanguageModelV4 } from 'ai/test';
import type { ToolDisclosureOptions } from 'tool-disclosure/wrap';
import { generateText } from 'tool-disclosure/wrap';
import type { BenchEffort } from './bench-effort.js';
import { median } from './percentile.js';
import { scriptedAnswer } from './scripted-model-result.js';

type Model = MockLanguageModelV4;

async function createAnsweringModel(): Promise<Model> {
  const { MockLanguageModelV4 } = await import('ai/test');
  return new MockLanguageModelV4({
    provider: 'tool-disclosure',
    modelId: 'bench-step',
    doGenerate: async () => scriptedAnswer('ok'),
  });
}

/** The wrapper's options in the overhead and per-request measurements: every tool in one record. */
export const BENCH_WRAPPER_OPTIONS: ToolDisclosureOptions = {
  mode: 'namespaces',
  environment: {},
  onWarning: () => {},
};

/**
 * One `generateText` step through the wrapper against the same step with all
 * tools passed to the SDK, alternating which goes first in each round; the
 * median of the per-round ratios of mean step times.
 */
export async function measureWrapperOverhead(
  tools: ToolSet,
  effort: Pick<BenchEffort, 'overheadRounds' | 'overheadIterations'>,
): Promise<number> {
  const wrapped = async (model: Model) => {
    await generateText({ model, prompt: 'Say ok.', tools, toolDisclosure: BENCH_WRAPPER_OPTIONS });
  };
  const plain = async (model: Model) => {
    await aiGenerateText({ model, prompt: 'Say ok.', tools });
  };
  const time = async (step: (model: Model) => Promise<void>): Promise<number> => {
    // A fresh model per batch, so recorded calls do not pile up.
    const model = await createAnsweringModel();
    const start = performance.now();
    for (let iteration = 0; iteration < effort.overheadIterations; iteration++) await step(model);
    return (performance.now() - start) / effort.overheadIterations;
  };
  // Warm-up: fills the wrapper's caches and lets the JIT settle on both paths.
  for (let warmup = 0; warmup < 3; warmup++) {
    await time(wrapped);
    await time(plain);
  }
  const ratios: number[] = [];
  for (let round = 0; round < effort.overheadRounds; round++) {
    let wrappedMs: number;
    let plainMs: number;
    if (round % 2 === 0) {
      wrappedMs = await time(wrapped);
      plainMs = await time(plain);
    } else {
      plainMs = await time(plain);
      wrappedMs = await time(wrapped);
    }
    ratios.push(wrappedMs / plainMs);
  }
  return median(ratios);
}
