import { addScores, type ScoreBuffers } from './add-scores.js';
import {
  withFileNamesAsFile,
  withoutTimeQualifiers,
  withoutUnknownNames,
} from './clean-request.js';
import type { AdjacentPairScoring } from './create-adjacent-pair-scoring.js';
import type { DocumentTerms } from './create-document-terms.js';
import type { TermInfo } from './create-term-info.js';
import type { TermPostings } from './create-term-postings.js';
import type { TermSets } from './create-term-sets.js';
import type { WordForms } from './create-word-forms.js';
import { isWeakRequest } from './is-weak-request.js';
import { lowerOtherWordForms } from './lower-other-word-forms.js';
import { queryTerms } from './query-terms.js';
import { raiseSameOperation } from './raise-same-operation.js';
import type { RankingParameters } from './ranking-parameters.js';
import type { RequestKindBoosts } from './request-boosts.js';
import type { ScoreTable } from './score-table.js';
import { usedNumbers } from './used-numbers.js';
import { weighCandidates } from './weigh-candidates.js';
import type { WeightedTerm } from './weighted-term.js';

/** The catalog's terms nearest to a word no tool uses (`nearestCatalogWords`). */
export type NearestWords = (term: string) => readonly string[];

/** One request's (or clause's) scores, and whether its best match missed the relevance floor. */
export interface ScoredRequest {
  /** By position in canonical id order. */
  readonly scores: ScoreTable;
  readonly weak: boolean;
  /** Whether it was read through the nearest catalog words, sharing no word with the catalog. */
  readonly bridged: boolean;
}

/** What scoring a request answers when the request needs the word-vector table to be read first. */
export const NEEDS_WORD_VECTORS = Symbol('needsWordVectors');

/**
 * Scores one request (or clause) of at most `limit` results. With `nearestOf`, a request no
 * tool shares a word with is read with each word's nearest catalog words as its synonyms:
 * what that finds is weak evidence, never a match. Without it, and with `mayBridge`, a request
 * that needs them is answered `NEEDS_WORD_VECTORS`.
 */
export type ScoreRequest = (
  text: string,
  limit: number,
  nearestOf?: NearestWords,
  mayBridge?: boolean,
) => ScoredRequest | typeof NEEDS_WORD_VECTORS;

/** What one index's requests are scored against, built once per index. */
export interface RequestScorerOptions {
  readonly documentTerms: DocumentTerms;
  /** A request term's number, weight and synonyms. */
  readonly termInfo: (term: string) => TermInfo;
  /** Whether a term is a word of the catalog or of a synonym group. */
  readonly isKnown: (term: string) => boolean;
  /** The weight of a word no tool uses and no synonym bridges. */
  readonly unknownWeight: number;
  /** Whether a request no tool shares a word with may be read through word vectors. */
  readonly hasWordVectors: boolean;
  /** The ranking parameters (`RANKING_PARAMETERS` unless overridden), the relevance floor the ranker's. */
  readonly parameters: RankingParameters;
  /** The field boosts of each kind of request under `parameters`. */
  readonly boosts: RequestKindBoosts;
  /** The terms that are no evidence a tool fits (`parameters.noEvidence`). */
  readonly noEvidence: ReadonlySet<string>;
  readonly buffers: ScoreBuffers;
  readonly termPostings: TermPostings;
  /** The name fields' terms of each tool. */
  readonly nameTerms: TermSets;
  readonly adjacentPairScoring: AdjacentPairScoring;
  /** Each tool's word forms, read on first use. */
  readonly wordForms: WordForms;
  /** The terms of the tools' namespaces. */
  readonly namespaceTerms: ReadonlySet<string>;
  /** Each tool's namespace, numbered. */
  readonly namespaceOf: ArrayLike<number>;
  /** What a tool does, whatever the service (its local name's terms), numbered. */
  readonly operationOf: (position: number) => number;
  /** An empty score table, to be released by whoever scores. */
  readonly newTable: () => ScoreTable;
}

/**
 * The scoring of one request over one index: its BM25 candidates (of its
 * terms and their synonyms), weighed by how much of the request each covers
 * and its name matches, raised by the request's adjacent pairs they have,
 * lowered for other word forms, and, for a request that names a capability
 * and no service, with the best match's operation in other services raised
 * just below it.
 */
export function createRequestScorer({
  documentTerms,
  termInfo,
  isKnown,
  unknownWeight,
  hasWordVectors,
  parameters,
  boosts: kindBoosts,
  noEvidence,
  buffers,
  termPostings,
  nameTerms,
  adjacentPairScoring: { adjacentPairs, raiseAdjacentPairs },
  wordForms,
  namespaceTerms,
  namespaceOf,
  operationOf,
  newTable,
}: RequestScorerOptions): ScoreRequest {
  const { termNumber } = documentTerms;
  const {
    relevanceFloor,
    synonymWeight,
    shortRequestTerms,
    toolFloor,
    nameShareWeight,
    nameShareFade,
    coverage,
    otherWordForms,
    sameOperationWeight,
    compounds,
    lengthOfKnownWords,
    requestCleaning: { unknownNames, timeQualifiers, fileNames },
  } = parameters;
  const cleanRequest = (text: string) => {
    let cleaned = timeQualifiers ? withoutTimeQualifiers(text) : text;
    if (fileNames) cleaned = withFileNamesAsFile(cleaned);
    return unknownNames ? withoutUnknownNames(cleaned, isKnown) : cleaned;
  };
  // Each of a request's terms and expansions by its bit in a tool's marks: scoring runs to its
  // end without waiting, so one map serves every request.
  const bits = new Map<string, number>();
  const bitOf = (term: string) => bits.get(term) ?? -1;
  return (text, limit, nearestOf, mayBridge = true) => {
    const bridged = nearestOf !== undefined;
    const cleaned = cleanRequest(text);
    const { terms, forms, sequence } = queryTerms(cleaned, isKnown, compounds);
    const infos = terms.map(termInfo);
    const evidence: number[] = [];
    for (let index = 0; index < terms.length; index++) {
      if (!noEvidence.has(terms[index] as string)) evidence.push(index);
    }
    if (evidence.length === 0) return { scores: newTable(), weak: false, bridged };
    if (
      !bridged &&
      mayBridge &&
      hasWordVectors &&
      !evidence.some((index) => isUsedOrRelated(infos[index] as TermInfo, termInfo))
    ) {
      return NEEDS_WORD_VECTORS;
    }
    const scores = newTable();
    // The synonyms of the request's terms that are not among them, each once, in order.
    bits.clear();
    for (let index = 0; index < terms.length; index++) bits.set(terms[index] as string, index);
    const expansions: string[] = [];
    for (let index = 0; index < terms.length; index++) {
      const related = relatedOf(terms[index] as string, infos[index] as TermInfo, nearestOf);
      if (related === undefined) continue;
      for (let slot = 0; slot < related.length; slot++) {
        const other = related[slot] as string;
        if (bits.has(other)) continue;
        bits.set(other, terms.length + expansions.length);
        expansions.push(other);
      }
    }
    // A request of a few content words ("create a new issue") names a capability; a longer
    // one describes a task.
    // Counted in words some tool uses or relates to, a request's length is what it asks of the
    // catalog: a word no tool knows (a product, a code, a term of art) is mostly a value it supplies.
    const length =
      lengthOfKnownWords && !bridged ? knownLength(evidence, infos, termInfo) : evidence.length;
    const namesCapability = length <= shortRequestTerms;
    const boosts = namesCapability ? kindBoosts.capability : kindBoosts.task;
    // Which of the terms and expansions each tool has, one bit each in that order, is marked
    // while their postings are summed: each test below is then an AND, not a search of the
    // tool's terms.
    const marks = buffers.marker.begin(terms.length + expansions.length);
    const pooled = addScores(buffers, termPostings, terms, 1, boosts.literal, marks, 0, 0);
    const count = addScores(
      buffers,
      termPostings,
      expansions,
      synonymWeight,
      boosts.synonym,
      marks,
      terms.length,
      pooled,
    );
    // Scores are kept by position in canonical id order, one less than the internal id.
    const { pooledScores, pooledIds } = buffers;
    for (let index = 0; index < count; index++) {
      const id = pooledIds[index] as number;
      scores.set(id - 1, pooledScores[id] as number);
      pooledScores[id] = 0;
    }
    // Each candidate below is checked against every term: weigh and number each term once.
    // Synonyms no tool uses are left out: no tool has them.
    const weighted: WeightedTerm[] = [];
    let totalWeight = 0;
    for (let index = 0; index < evidence.length; index++) {
      const bit = evidence[index] as number;
      const term = terms[bit] as string;
      const info = infos[bit] as TermInfo;
      const related = relatedOf(term, info, nearestOf) ?? noTerms;
      const synonymBits: number[] = new Array(marks.width).fill(0);
      for (let slot = 0; slot < related.length; slot++) {
        const otherBit = bitOf(related[slot] as string);
        if (otherBit >= 0) {
          synonymBits[otherBit >> 5] =
            (synonymBits[otherBit >> 5] as number) | (1 << (otherBit & 31));
        }
      }
      const synonyms = bridged ? usedNumbers(related, termNumber) : info.synonymNumbers;
      const { weight } = info;
      totalWeight += weight;
      weighted.push({
        number: info.number,
        bit,
        termMask: bit < 32 ? 1 << bit : 0,
        weight,
        synonyms,
        synonymBits,
        synonymMask: synonyms.length > 0 ? (synonymBits[0] as number) : 0,
        forms: forms.get(term) as readonly string[],
      });
    }
    // When no tool matches a good share of a short request's words, the catalog probably has
    // no such capability: the matches are only weak evidence, marked so the model can say so,
    // yet still shown, since a request a tool serves may be worded mostly in words no tool uses
    // ("help me register on this app"). This blunter test counts articles as words: a request
    // such as "accepts a jql string" stays above it.
    const weak =
      bridged ||
      (terms.length <= shortRequestTerms &&
        isWeakRequest(
          scores,
          marks,
          weighted,
          relevanceFloor * totalWeight,
          wordForms,
          synonymWeight,
        ));
    // A tool's name says best what it does, and a capability's few words are most of what a
    // request names: the share of the request a tool's name matches counts once more in full
    // for a short request, and fades as a request grows into a task's description (a request
    // of four terms still mostly names one), rather than stopping at a length.
    weighCandidates(scores, marks, buffers.nameMasks, nameTerms, {
      terms: weighted,
      totalWeight,
      requiredWeight: toolFloor * Math.min(totalWeight, unknownWeight),
      nameShareWeight: namesCapability
        ? nameShareWeight
        : nameShareWeight * (shortRequestTerms / length) ** nameShareFade,
      synonymWeight,
      coverage,
    });
    raiseAdjacentPairs(scores, adjacentPairs(sequence, bitOf), totalWeight, marks);
    if (otherWordForms)
      lowerOtherWordForms(scores, marks, weighted, limit, wordForms, synonymWeight);
    if (
      sameOperationWeight > 0 &&
      namesCapability &&
      !terms.some((term) => namespaceTerms.has(term))
    ) {
      raiseSameOperation(scores, namespaceOf, operationOf, sameOperationWeight);
    }
    return { scores, weak, bridged };
  };
}

/** A term's synonyms, and with `nearestOf` its nearest catalog words after them. */
function relatedOf(
  term: string,
  { synonyms }: TermInfo,
  nearestOf: NearestWords | undefined,
): readonly string[] | undefined {
  return nearestOf === undefined ? synonyms : [...(synonyms ?? noTerms), ...nearestOf(term)];
}

/** How many of the evidence terms some tool uses, or one of their synonyms; at least one. */
function knownLength(
  evidence: readonly number[],
  infos: readonly TermInfo[],
  termInfo: (term: string) => TermInfo,
): number {
  let known = 0;
  for (const index of evidence) {
    if (isUsedOrRelated(infos[index] as TermInfo, termInfo)) known++;
  }
  return Math.max(1, known);
}

/** Whether some tool uses a term or one of its synonyms. */
function isUsedOrRelated(info: TermInfo, termInfo: (term: string) => TermInfo): boolean {
  return info.used || (info.synonyms ?? noTerms).some((other) => termInfo(other).used);
}

const noTerms: readonly string[] = [];
