import type { OramaRankerOptions } from 'tool-disclosure/search';
import { RANKING_PARAMETERS, type RankingParameterOverrides } from 'tool-disclosure/search';
import type { Ablation } from './ablate.js';
import type { ParameterCoordinate, ParameterPoint, ParameterValue } from './parameter-point.js';

/**
 * The values each parameter of the default ranker is tried at when parameters are chosen
 * (`eval --cross-validate`), by its path in `RANKING_PARAMETERS`: today's value and a few
 * either side, spaced as the parameter works (weights by about a third, counts by doubling),
 * within its sense (b in 0..1). A signal without a number is a switch (`true`, `false`):
 * `synonyms`, `noEvidence` and `requestFillers` switch their lists, `wordVectors` the ranker's
 * word vectors. `relevanceFloor` is left out: it changes only the weak marks, which NDCG@10
 * does not read (its ablation reports the no-match accuracy instead). Numbers come first, so a
 * switch is tried with them settled, and the order within each group is the pipeline's.
 */
const grids: readonly (readonly [string, readonly ParameterValue[]])[] = [
  ['bm25.k', [0.8, 1.2, 1.6, 2]],
  ['bm25.b', [0.2, 0.35, 0.5, 0.75]],
  ['bm25.d', [0, 0.5, 1]],
  ['documentBoost', [0, 0.5, 1, 2]],
  ['fieldBoosts.name', [0.7, 1, 1.4]],
  ['fieldBoosts.alias', [0.7, 1, 1.4]],
  ['fieldBoosts.namespace', [0.7, 1, 1.4]],
  ['fieldBoosts.service', [0.25, 0.5, 0.75]],
  ['fieldBoosts.parameter', [0.5, 0.7, 1]],
  ['fieldBoosts.description', [0.5, 0.7, 1]],
  ['fieldBoosts.schema', [0.2, 0.4, 0.6]],
  ['fieldBoosts.output', [0.15, 0.3, 0.5]],
  ['taskParameterBoost', [0.7, 1, 1.4]],
  ['synonymWeight', [0.25, 0.5, 0.75]],
  ['candidatePool', [100, 200, 400]],
  ['shortRequestTerms', [2, 3, 4]],
  ['toolFloor', [0, 0.15, 0.3, 0.45]],
  ['nameShareWeight', [0, 0.5, 1, 1.5]],
  ['nameShareFade', [1, 3, 5]],
  ['phraseWeight', [0, 2, 4, 6]],
  ['sameOperationWeight', [0, 0.9, 0.95, 1]],
  ['maxClauses', [4, 8, 16]],
  ['clauseWeight', [0.7, 0.85, 1]],
  ['nearestWords', [1, 3, 5]],
  ['nearestSimilarity', [0.55, 0.65, 0.75]],
  ['coverage', [true, false]],
  ['lengthOfKnownWords', [true, false]],
  ['otherWordForms', [true, false]],
  ['identifierFirst', [true, false]],
  ['clauseSplitting', [true, false]],
  ['compounds', [true, false]],
  ['requestCleaning.quotedValues', [true, false]],
  ['requestCleaning.unknownNames', [true, false]],
  ['requestCleaning.timeQualifiers', [true, false]],
  ['requestCleaning.fileNames', [true, false]],
  ['synonyms', [true, false]],
  ['noEvidence', [true, false]],
  ['requestFillers', [true, false]],
  ['wordVectors', [true, false]],
];

/** The switches of lists and of the word vectors: `true` is today's. */
const switches: readonly string[] = ['synonyms', 'noEvidence', 'requestFillers', 'wordVectors'];

/** Each parameter's coordinate of the search, its start today's value. */
export const RANKING_SEARCH_SPACE: readonly ParameterCoordinate[] = grids.map(([name, values]) => ({
  name,
  start: switches.includes(name) ? true : (defaultAt(name) as ParameterValue),
  values,
}));

/** Each signal the ablation table switches off, and how: the coordinates that switch it off. */
export const RANKING_ABLATIONS: readonly Ablation[] = [
  { signal: 'synonyms', point: { synonyms: false } },
  { signal: 'word-vector bridging', point: { wordVectors: false } },
  { signal: 'adjacent pairs', point: { phraseWeight: 0 } },
  { signal: 'identifier-first', point: { identifierFirst: false } },
  { signal: 'clause splitting', point: { clauseSplitting: false } },
  { signal: 'name share', point: { nameShareWeight: 0 } },
  { signal: 'same operation', point: { sameOperationWeight: 0 } },
  { signal: 'length of known words', point: { lengthOfKnownWords: false } },
  {
    signal: 'request cleaning (all four)',
    point: {
      'requestCleaning.quotedValues': false,
      'requestCleaning.unknownNames': false,
      'requestCleaning.timeQualifiers': false,
      'requestCleaning.fileNames': false,
    },
  },
  { signal: 'quoted values', point: { 'requestCleaning.quotedValues': false } },
  { signal: 'unknown names', point: { 'requestCleaning.unknownNames': false } },
  { signal: 'time qualifiers', point: { 'requestCleaning.timeQualifiers': false } },
  { signal: 'file names', point: { 'requestCleaning.fileNames': false } },
  { signal: 'filler words', point: { requestFillers: false } },
  { signal: 'weak floor', point: { relevanceFloor: 0 } },
  { signal: 'tool floor', point: { toolFloor: 0 } },
  { signal: 'coverage', point: { coverage: false } },
  { signal: 'other word forms', point: { otherWordForms: false } },
  { signal: 'compounds', point: { compounds: false } },
  { signal: 'no-evidence article', point: { noEvidence: false } },
  { signal: 'whole-tool BM25', point: { documentBoost: 0 } },
  {
    signal: 'task boosts',
    point: { taskParameterBoost: RANKING_PARAMETERS.fieldBoosts.parameter },
  },
];

/** The coordinate of the weak floor, which only ablations move (see `RANKING_SEARCH_SPACE`). */
const relevanceFloorCoordinate: ParameterCoordinate = {
  name: 'relevanceFloor',
  start: RANKING_PARAMETERS.relevanceFloor,
  values: [],
};

/** Every coordinate a point may name: the search's and the weak floor's. */
export const RANKING_COORDINATES: readonly ParameterCoordinate[] = [
  ...RANKING_SEARCH_SPACE,
  relevanceFloorCoordinate,
];

/** What the default ranker runs at a point: its options and the process-wide filler words. */
export interface RankingAtPoint {
  readonly options: OramaRankerOptions;
  readonly requestFillers: readonly string[];
}

/**
 * The default ranker's options at `point` (coordinates of `RANKING_COORDINATES`), and the
 * filler words the analyzer must leave out (`useRequestFillers`).
 *
 * @example
 * rankingAtPoint({ 'bm25.k': 1.6, synonyms: false }).options.parameters; // { bm25: { k: 1.6 }, synonyms: [] }
 */
export function rankingAtPoint(point: ParameterPoint): RankingAtPoint {
  const parameters: Record<string, unknown> = {};
  let wordVectors = true;
  let requestFillers: readonly string[] = RANKING_PARAMETERS.requestFillers;
  for (const name of Object.keys(point).sort()) {
    const value = point[name] as ParameterValue;
    if (name === 'wordVectors') wordVectors = value === true;
    else if (name === 'requestFillers') requestFillers = value ? requestFillers : [];
    else if (name === 'synonyms' || name === 'noEvidence') {
      if (value === false) parameters[name] = [];
    } else {
      const [head, field] = name.split('.') as [string, string | undefined];
      if (field === undefined) parameters[head] = value;
      else parameters[head] = { ...(parameters[head] as object | undefined), [field]: value };
    }
  }
  return {
    options: {
      ...(Object.keys(parameters).length > 0 && {
        parameters: parameters as RankingParameterOverrides,
      }),
      ...(!wordVectors && { wordVectors: false }),
    },
    requestFillers,
  };
}

/** The default value of a dotted path of `RANKING_PARAMETERS`. */
function defaultAt(path: string): unknown {
  let value: unknown = RANKING_PARAMETERS;
  for (const part of path.split('.')) value = (value as Record<string, unknown>)[part];
  return value;
}
