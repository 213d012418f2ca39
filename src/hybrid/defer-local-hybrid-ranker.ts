import type { Ranker, SearchIndex } from '../search/ranker.js';

/**
 * Not a literal, so that no bundler follows it: `RANKERS` is in the root
 * entry, which bundles for edge runtimes and must stay small, and this module
 * reaches the word-vector table. Node resolves it beside this file.
 */
const localHybridModule = './create-local-hybrid-ranker.js';

/**
 * `createLocalHybridRanker` as `RANKERS.hybrid`, loaded on its first index:
 * the evaluation harness compares it with the others, and the root entry
 * carries only this loader. Node only.
 */
export function deferLocalHybridRanker(): Ranker {
  let loading: Promise<Ranker> | undefined;
  return {
    name: 'hybrid',
    async createIndex(entries): Promise<SearchIndex> {
      loading ??= (
        import(
          /* webpackIgnore: true */ /* turbopackIgnore: true */ /* @vite-ignore */ localHybridModule
        ) as Promise<typeof import('./create-local-hybrid-ranker.js')>
      ).then(({ createLocalHybridRanker }) => createLocalHybridRanker());
      return (await loading).createIndex(entries);
    },
  };
}
