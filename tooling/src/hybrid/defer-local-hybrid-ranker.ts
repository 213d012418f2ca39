import type { Ranker } from 'tool-disclosure/search';
import { deferRanker } from '../search/defer-ranker.js';

/** Not a literal, so that no bundler follows it (see `deferRanker`); Node resolves it beside this file. */
const localHybridModule = './create-local-hybrid-ranker.js';

/**
 * `createLocalHybridRanker` as `RANKERS.hybrid`, loaded on its first index:
 * the evaluation harness compares it with the others, and the root entry
 * carries only this loader. Node only.
 */
export function deferLocalHybridRanker(): Ranker {
  return deferRanker('hybrid', async () => {
    const { createLocalHybridRanker } = (await import(
      /* webpackIgnore: true */ /* turbopackIgnore: true */ /* @vite-ignore */ localHybridModule
    )) as typeof import('./create-local-hybrid-ranker.js');
    return createLocalHybridRanker();
  });
}
