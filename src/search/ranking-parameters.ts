import { InvalidOptionError } from '../error/invalid-option-error.js';
import type { Bm25Parameters } from './create-document-terms.js';
import { SOFTWARE_SYNONYMS } from './software-synonyms.js';
import type { ToolField } from './tool-field-terms.js';

/**
 * Every constant the default ranker ranks by. What each was measured to gain is the
 * leave-one-set-out cross-validation of `tool-disclosure eval --cross-validate` (the tables in
 * docs/retrieval.md): a signal's gain is the mean out-of-fold NDCG@10 over the evaluated sets
 * with it against without it; a number's, the mean NDCG@10 over the sets at today's value
 * against the other values of its grid (`RANKING_SEARCH_SPACE`), the others held at theirs.
 */
export interface RankingParameters {
  /**
   * BM25 of each field and of the whole tool: `k` saturates a term's frequency, `b` weighs a
   * field's length against the average, `d` is Orama's BM25+ lower bound of a matching term.
   * Tools' fields are shorter than prose, so length matters less than Orama's default; a tool's
   * longer text mostly says more of what it does (its parameters, its output), so its length is
   * penalised only mildly.
   */
  readonly bm25: Readonly<Bm25Parameters>;
  /** The boost of the whole tool's BM25 (every field as one text), added to the fields'. */
  readonly documentBoost: number;
  /** The BM25 boost of each field, for a request that names a capability. */
  readonly fieldBoosts: Readonly<Record<ToolField, number>>;
  /**
   * The parameter field's boost for a request that describes a task (more than
   * `shortRequestTerms`): such a request names the values it supplies, and a tool's parameters
   * name the values it takes.
   */
  readonly taskParameterBoost: number;
  /** Groups of general software words that name the same thing (`SOFTWARE_SYNONYMS`). */
  readonly synonyms: readonly (readonly string[])[];
  /** What a synonym of a request word counts, against the word itself. */
  readonly synonymWeight: number;
  /** BM25 candidates kept per request (and per clause); reranking never reaches deeper. */
  readonly candidatePool: number;
  /**
   * Request terms BM25 scores but that are no evidence a tool fits (coverage, floors, name share,
   * pairs). Orama's English stop words keep the article "a": dropping it from BM25 too cost
   * ToolLens R@5 and APIGen NDCG@10 a few thousandths, but as evidence "hail a taxi" found tools
   * in a large catalog where few descriptions use the article and it weighs as a rare word.
   */
  readonly noEvidence: readonly string[];
  /** Requests of up to this many terms of evidence name a capability; longer ones describe a task. */
  readonly shortRequestTerms: number;
  /**
   * Whether a request's length (up to `shortRequestTerms` it names a capability) counts only the
   * words some tool uses or relates to by a synonym: a word no tool knows is mostly a value.
   */
  readonly lengthOfKnownWords: boolean;
  /** Whether a tool's score is weighed by the share of the request's weight it covers. */
  readonly coverage: boolean;
  /** The share of one unknown word's weight every returned tool must cover. */
  readonly toolFloor: number;
  /** How much the share of the request a tool's name (or alias) matches counts once more. */
  readonly nameShareWeight: number;
  /**
   * How fast the name share fades in a longer request: it counts (shortRequestTerms / terms) to
   * this power, 0.42 at four terms and 0.13 at six.
   */
  readonly nameShareFade: number;
  /** How much a pair of the request's words a tool has side by side counts, over their weight alone. */
  readonly phraseWeight: number;
  /** Whether another form of a word ("controlled" for "control") covers only half of it. */
  readonly otherWordForms: boolean;
  /**
   * The share of the best match's score a tool of the same operation in another service gets at
   * least, for a short request that names no service; 0 switches it off.
   */
  readonly sameOperationWeight: number;
  /** Whether a request that equals a tool's identifier, in any form, ranks that tool first. */
  readonly identifierFirst: boolean;
  /** Whether a compound request ("do X. Also do Y") is also ranked clause by clause. */
  readonly clauseSplitting: boolean;
  /**
   * The distinct clauses of a request ranked one by one: each is another scoring. Of 25,094 real
   * requests of the public sets, 61 (0.24%) have more; a request of 1,024 bytes can have over a
   * hundred.
   */
  readonly maxClauses: number;
  /** A clause's best match, against the whole request's best match. */
  readonly clauseWeight: number;
  /** Which parts of a request are left out before it is scored, each unless nothing would remain. */
  readonly requestCleaning: Readonly<RequestCleaning>;
  /** Whether two request words the catalog knows written as one ("look up": lookup) count as that word. */
  readonly compounds: boolean;
  /**
   * The share of a short request's weight the best-matching tool must match; below it the
   * results are marked weak. Changes only the weak marks, so only the no-match figures.
   */
  readonly relevanceFloor: number;
  /** How many of the catalog's words nearest to an unknown request word (by word vectors) count as its synonyms. */
  readonly nearestWords: number;
  /**
   * How close (cosine) such a word must be. News-trained vectors relate more than they equate
   * (cat and mouse 0.65, photograph and photo 0.77): at 0.55, 11 of the judged corpus's 12
   * no-match requests got weak results and ToolE's single-tool set kept 58 of 20,614 requests
   * empty; at 0.65, 8 and 88 (0.43%); at 0.7, 6 and 106 (0.51%), measured while the commonest
   * words were left out. 0.65 kept every public set at most 0.5% empty with the least noise.
   */
  readonly nearestSimilarity: number;
  /**
   * Words left out of every text the ranker analyzes, tools and requests alike, with Orama's
   * English stop words. Process-wide: the analyzer's word caches serve every index in a process,
   * so no ranker can override it (the evaluation harness switches it with `useRequestFillers`).
   */
  readonly requestFillers: readonly string[];
  /** Bounds on the text a tool's index reads; process-wide, never overridden (they bound work, not ranking). */
  readonly indexBounds: Readonly<IndexBounds>;
}

/** The English heuristics that clean a request before it is scored. */
export interface RequestCleaning {
  /** Quoted text ('comedy', "jane_doe") is an argument, not a capability. */
  readonly quotedValues: boolean;
  /** Capitalised words inside a sentence that the catalog does not know (Sydney, Tokyo) are names to act on. */
  readonly unknownNames: boolean;
  /** When a request wants something done ("right now", "currently", "at the moment"). */
  readonly timeQualifiers: boolean;
  /** A file's name ("notes.txt") is an argument, read as "file". */
  readonly fileNames: boolean;
}

/** How much of a tool's texts its index reads, and of a request's quotes its cleaning takes. */
export interface IndexBounds {
  /**
   * Characters of a field's text indexed (but the description's): about 300 words, above the
   * schema and service text of every tool of the public benchmarks.
   */
  readonly fieldTextLimit: number;
  /**
   * Characters of a description indexed: about 150 words, above every tool of the public
   * benchmarks but one (1,109 characters), which says what it does well before. A manual pasted
   * into an MCP tool's description then costs its index a fixed amount: 1,000 tools with 64 KB
   * descriptions build in under 3 times the time of ordinary ones.
   */
  readonly descriptionTextLimit: number;
  /** Levels of nested schema properties indexed below the top level. */
  readonly schemaDepth: number;
  /** Characters of a quoted value left out of a request; a longer quote stays. */
  readonly quotedValueLength: number;
}

/** What a ranker may override: every parameter but the process-wide ones, objects field by field. */
export interface RankingParameterOverrides
  extends Partial<
    Omit<
      RankingParameters,
      'bm25' | 'fieldBoosts' | 'requestCleaning' | 'requestFillers' | 'indexBounds'
    >
  > {
  readonly bm25?: Partial<Bm25Parameters>;
  readonly fieldBoosts?: Partial<Record<ToolField, number>>;
  readonly requestCleaning?: Partial<RequestCleaning>;
}

/**
 * The default ranker's parameters. Each value's measured gain is on the line above it, from the
 * leave-one-set-out cross-validation over 11 sets (`eval --cross-validate`, tables in
 * docs/retrieval.md): `off` is the mean out-of-fold NDCG@10 change with the signal switched off
 * (in brackets the set that lost most, and any no-match or false-empty change); `kept by k/11
 * choices` is how many of the choices made on the other ten sets, over the value's grid
 * (`RANKING_SEARCH_SPACE`), kept today's value.
 */
export const RANKING_PARAMETERS: RankingParameters = deepFreeze({
  // k, b and d: each kept by 11/11 choices
  bm25: { k: 1.2, b: 0.35, d: 0.5 },
  // off: -0.0015 (ToolLens test -0.0158); kept by 11/11 choices
  documentBoost: 1,
  fieldBoosts: {
    // kept by 11/11 choices
    name: 1,
    // kept by 11/11 choices
    alias: 1,
    // kept by 11/11 choices
    namespace: 1,
    // kept by 10/11 choices (moved to 0.75 without MCP servers)
    service: 0.5,
    // kept by 11/11 choices
    parameter: 0.7,
    // kept by 11/11 choices
    description: 0.7,
    // kept by 11/11 choices
    schema: 0.4,
    // kept by 11/11 choices
    output: 0.3,
  },
  // off: -0.0001 (ToolLens test -0.0035); kept by 11/11 choices
  taskParameterBoost: 1,
  // off: -0.0222 (Own paraphrases -0.1369), FE +0.0005; kept by 11/11 choices
  synonyms: SOFTWARE_SYNONYMS,
  // kept by 11/11 choices
  synonymWeight: 0.5,
  // kept by 11/11 choices
  candidatePool: 200,
  // off: -0.0023 (MetaTool ToolE multi -0.0100), FE +0.0001; kept by 11/11 choices
  noEvidence: ['a'],
  // kept by 11/11 choices
  shortRequestTerms: 3,
  // off: -0.0003 (MetaTool ToolE multi -0.0017); kept by 11/11 choices
  lengthOfKnownWords: true,
  // off: -0.0132 (Own paraphrases -0.0714); kept by 11/11 choices
  coverage: true,
  // off: +0.0000 (ToolLens test -0.0009), FE -0.0005; kept by 10/11 choices (moved to 0.15 without ToolLens test)
  toolFloor: 0.3,
  // off: -0.0006 (Own judged corpus -0.0088); kept by 11/11 choices
  nameShareWeight: 1,
  // kept by 11/11 choices
  nameShareFade: 3,
  // off: -0.0029 (ToolRet API-Bank -0.0077); kept by 11/11 choices
  phraseWeight: 4,
  // off: -0.0017 (MetaTool ToolE multi -0.0079); kept by 11/11 choices
  otherWordForms: true,
  // off: -0.0003 (Own judged corpus -0.0034); kept by 11/11 choices
  sameOperationWeight: 0.95,
  // off: -0.0003 (Own judged corpus -0.0029); kept by 11/11 choices
  identifierFirst: true,
  // off: -0.0003 (ToolRet ToolLink -0.0222); kept by 11/11 choices
  clauseSplitting: true,
  // kept by 1/11 choices: 16 was chosen without each set but ToolLink, and in fold; held out,
  // each set scored with it as with 8, to 0.0001 (docs/retrieval.md): not worth a change
  maxClauses: 8,
  // kept by 11/11 choices
  clauseWeight: 0.85,
  requestCleaning: {
    // off: -0.0008 (ToolRet APIGen -0.0073); kept by 11/11 choices
    quotedValues: true,
    // off: -0.0003 (ToolRet API-Bank -0.0021), no-match -0.0150; kept by 11/11 choices
    unknownNames: true,
    // off: -0.0007 (Own paraphrases -0.0031); kept by 11/11 choices
    timeQualifiers: true,
    // off: -0.0022 (MCP servers -0.0246); kept by 11/11 choices
    fileNames: true,
  },
  // off: -0.0061 (Own paraphrases -0.0417), no-match +0.0128, FE +0.0005; kept by 11/11 choices
  compounds: true,
  // off: +0.0000, no-match -0.1496; not searched (only the weak marks)
  relevanceFloor: 0.4,
  // kept by 11/11 choices
  nearestWords: 3,
  // kept by 11/11 choices
  nearestSimilarity: 0.65,
  // off: -0.0004 (Own judged corpus -0.0055), no-match -0.0278; kept by 11/11 choices
  requestFillers: [
    'please',
    'want',
    'need',
    'like',
    'would',
    'could',
    'tool',
    'tools',
    'using',
    'via',
    // Unnamed people are whom a request is for, never what the tool does ("text a colleague").
    'someone',
    'somebody',
    'anyone',
    'anybody',
    'everyone',
    'everybody',
    'colleague',
    'colleagues',
    'coworker',
    'coworkers',
    'teammate',
    'teammates',
    'something',
    'thing',
    'things',
    // What is left of contractions once apostrophes split words: I'm, I'll, we're, they've, I'd, it's.
    'm',
    'll',
    're',
    've',
    'd',
    's',
    't',
  ],
  // Not searched: they bound the work of a build, not the ranking.
  indexBounds: {
    fieldTextLimit: 2_048,
    descriptionTextLimit: 1_024,
    schemaDepth: 4,
    quotedValueLength: 200,
  },
});

/**
 * `RANKING_PARAMETERS` with `overrides` merged onto it (objects field by field), frozen; the
 * defaults themselves without any. An override of a name the defaults do not have, or of
 * another type, is an `InvalidOptionError`.
 *
 * @example
 * resolveRankingParameters({ bm25: { k: 1.5 }, clauseSplitting: false }).bm25; // { k: 1.5, b: 0.35, d: 0.5 }
 */
export function resolveRankingParameters(
  overrides: RankingParameterOverrides | undefined,
): RankingParameters {
  if (overrides === undefined || Object.keys(overrides).length === 0) return RANKING_PARAMETERS;
  const merged: Record<string, unknown> = { ...RANKING_PARAMETERS };
  for (const [name, value] of Object.entries(overrides)) {
    if (value === undefined) continue;
    if (!Object.hasOwn(RANKING_PARAMETERS, name) || processWide.includes(name)) {
      throw invalidOverride(name, value, `one of ${overridable.join(', ')}`);
    }
    const fallback = (RANKING_PARAMETERS as unknown as Record<string, unknown>)[name];
    if (name === 'synonyms' || name === 'noEvidence') {
      if (!isWordGroups(value, name === 'synonyms')) {
        throw invalidOverride(
          name,
          value,
          name === 'synonyms' ? 'an array of arrays of words' : 'an array of words',
        );
      }
      merged[name] = value;
    } else if (typeof fallback === 'object' && fallback !== null) {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        throw invalidOverride(name, value, 'an object');
      }
      const object: Record<string, unknown> = { ...fallback };
      for (const [field, fieldValue] of Object.entries(value)) {
        const inner = (fallback as Record<string, unknown>)[field];
        if (fieldValue === undefined) continue;
        if (inner === undefined || !isSameKind(inner, fieldValue)) {
          throw invalidOverride(
            `${name}.${field}`,
            fieldValue,
            inner === undefined
              ? `one of ${Object.keys(fallback).join(', ')}`
              : `a finite ${typeof inner}`,
          );
        }
        object[field] = fieldValue;
      }
      merged[name] = object;
    } else {
      if (!isSameKind(fallback, value)) {
        throw invalidOverride(name, value, `a finite ${typeof fallback}`);
      }
      merged[name] = value;
    }
  }
  return deepFreeze(merged as unknown as RankingParameters);
}

/** The parameters read process-wide, which a ranker cannot override. */
const processWide: readonly string[] = ['requestFillers', 'indexBounds'];
const overridable = Object.keys(RANKING_PARAMETERS).filter((name) => !processWide.includes(name));

function isSameKind(fallback: unknown, value: unknown): boolean {
  if (typeof fallback === 'number') return typeof value === 'number' && Number.isFinite(value);
  return typeof value === typeof fallback;
}

function isWordGroups(value: unknown, nested: boolean): boolean {
  if (!Array.isArray(value)) return false;
  return value.every((item) =>
    nested
      ? Array.isArray(item) && item.every((word) => typeof word === 'string')
      : typeof item === 'string',
  );
}

function invalidOverride(name: string, value: unknown, expected: string): InvalidOptionError {
  return new InvalidOptionError({ option: `parameters.${name}`, value, expected });
}

function deepFreeze<VALUE>(value: VALUE): VALUE {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}
