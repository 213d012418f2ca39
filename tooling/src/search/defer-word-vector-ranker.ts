import type { Ranker } from 'tool-disclosure/search';
import { deferRanker } from './defer-ranker.js';

/** Not a literal, so that no bundler follows it (see `deferRanker`); Node resolves it from this file. */
const wordVectorRankerModule = '../vectors/create-word-vector-ranker.js';

/**
 * `createWordVectorRanker()` as `RANKERS.vectors`, loaded on its first index,
 * so the root entry carries only this loader. Node only.
 */
export function deferWordVectorRanker(): Ranker {
  return deferRanker('vectors', async () => {
    const { createWordVectorRanker } = (await import(
      /* webpackIgnore: true */ /* turbopackIgnore: true */ /* @vite-ignore */ wordVectorRankerModule
    )) as typeof import('tool-disclosure/word-vectors');
    return createWordVectorRanker();
  });
}
