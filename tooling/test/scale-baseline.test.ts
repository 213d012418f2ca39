import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  computeScaleBaseline,
  SCALE_BASELINE_SIZES,
  type ScaleBaseline,
} from '../src/eval/compute-scale-baseline.js';
import type { EvalCorpus } from '../src/eval/eval-corpus.js';
import { DISTRACTOR_GENERATOR_VERSION, DISTRACTOR_SEED } from '../src/eval/generate-distractors.js';
import { loadEvalCorpus } from '../src/eval/load-eval-corpus.js';

// corpus/scale-baseline.json is written by `npm run baseline`; rerun it after a ranker or corpus change.
const CORPUS = fileURLToPath(new URL('../corpus/judged-corpus.json', import.meta.url));
const BASELINE = fileURLToPath(new URL('../corpus/scale-baseline.json', import.meta.url));
const text = readFileSync(BASELINE, 'utf8');
const committed = JSON.parse(text) as ScaleBaseline;

let corpus: EvalCorpus;
beforeAll(async () => {
  corpus = await loadEvalCorpus(CORPUS);
});

describe('the committed scale baseline (corpus/scale-baseline.json)', () => {
  it('describes the judged corpus padded to 100, 500, 1,000 and 10,000 tools', () => {
    expect(text).toBe(`${JSON.stringify(committed, null, 2)}\n`);
    expect(committed).toMatchObject({
      version: 1,
      generator_version: DISTRACTOR_GENERATOR_VERSION,
      seed: DISTRACTOR_SEED,
      corpus: 'judged-corpus',
      intent_count: corpus.intents.length,
    });
    expect(committed.cases.map((each) => each.tool_count)).toEqual(
      SCALE_BASELINE_SIZES.map((size) => Math.max(size, corpus.tools.length)),
    );
  });

  it.each(committed.cases.map((each) => [each.tool_count, each] as const))(
    'reproduces the metrics at %i tools exactly',
    async (toolCount, expected) => {
      const { baseline, timings } = await computeScaleBaseline({ corpus, sizes: [toolCount] });
      const timing = timings[0];
      console.log(
        `scale baseline, ${toolCount} tools: index build ${timing?.build} ms, ` +
          `query p50 ${timing?.query_p50} ms, p99 ${timing?.query_p99} ms`,
      );
      expect(baseline.cases).toEqual([expected]);
    },
  );
});
