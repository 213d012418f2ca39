import type { TermInfo } from './create-term-info.js';
import { maskWord, type TermMarks } from './create-term-marker.js';
import type { TermPairs } from './create-term-pairs.js';
import type { ScoreTable } from './score-table.js';

/** Whether tool `position` has the term of `bit`; a term without a bit (a part of a name the catalog knows whole) is looked up regardless. */
function hasBit(marks: TermMarks, position: number, bit: number): boolean {
  return bit < 0 || (maskWord(marks, position + 1, bit >> 5) & (1 << (bit & 31))) !== 0;
}

/** The bit of a term in the first word of a tool's marks; none for a term without a bit. */
function bitMask(bit: number): number {
  return bit >= 0 ? 1 << (bit & 31) : 0;
}

/** Two of a request's terms side by side, by number and bit in a tool's marks, and the weight of their commoner one. */
export interface AdjacentPair {
  readonly first: number;
  readonly second: number;
  readonly firstBit: number;
  readonly secondBit: number;
  /** Both terms' bits in the first word of a tool's marks, for a request of one word of marks. */
  readonly mask: number;
  readonly weight: number;
}

export interface AdjacentPairScoringOptions {
  /** A term's number in the index (-1 for a term no tool has) and its weight in a request. */
  termInfo: (term: string) => Pick<TermInfo, 'number' | 'weight'>;
  /** Which terms each tool has side by side (`createTermPairs`). */
  termPairs: TermPairs;
  /** How many terms are numbered: every number is below it. */
  termCount: number;
  /** Terms passed over as if absent, as the tools' pairs pass over them. */
  leftOut: ReadonlySet<string>;
  /** How much a pair a tool has side by side counts, over its weight alone (`RankingParameters.phraseWeight`). */
  phraseWeight: number;
}

/** A request's adjacent pairs, and the raise of the tools that have them side by side. */
export interface AdjacentPairScoring {
  adjacentPairs(sequence: readonly string[], bitOf: (term: string) => number): AdjacentPair[];
  raiseAdjacentPairs(
    scores: ScoreTable,
    pairs: readonly AdjacentPair[],
    total: number,
    marks: TermMarks,
  ): void;
}

/**
 * Words a tool has side by side as the request does ("postal code",
 * "exchange rate") as stronger evidence than the same words apart: the
 * request's pairs of neighbouring terms, and the raise of each scored tool
 * by the pairs it has, over one index.
 *
 * @example
 * const { adjacentPairs, raiseAdjacentPairs } = createAdjacentPairScoring({ termInfo, termPairs, termCount, leftOut: new Set(['a']), phraseWeight: 4 });
 * raiseAdjacentPairs(scores, adjacentPairs(['postal', 'code'], bitOf), totalWeight, marks);
 */
export function createAdjacentPairScoring({
  termInfo,
  termPairs,
  termCount,
  leftOut,
  phraseWeight,
}: AdjacentPairScoringOptions): AdjacentPairScoring {
  // Pairs already listed, by key: the numbers are what the pair's terms are, and a term
  // without a number ends no pair.
  const listed = new Set<number>();
  // The request's terms that some tool has, in the request's order, each pair of
  // neighbours once ("postal code", "exchange rate"), with the weight of its commoner term.
  const adjacentPairs = (
    sequence: readonly string[],
    // A term's bit in a tool's marks, -1 for none.
    bitOf: (term: string) => number,
  ): AdjacentPair[] => {
    const pairs: AdjacentPair[] = [];
    listed.clear();
    let previous: string | undefined;
    let previousInfo: Pick<TermInfo, 'number' | 'weight'> | undefined;
    for (let index = 0; index < sequence.length; index++) {
      const term = sequence[index] as string;
      if (leftOut.has(term)) continue;
      const first = previous;
      const firstInfo = previousInfo;
      const info = term === first ? firstInfo : termInfo(term);
      previous = term;
      previousInfo = info;
      if (first === undefined || firstInfo === undefined || info === undefined || first === term) {
        continue;
      }
      if (firstInfo.number < 0 || info.number < 0) continue;
      const key = firstInfo.number * termCount + info.number;
      if (listed.has(key)) continue;
      listed.add(key);
      const firstBit = bitOf(first);
      const secondBit = bitOf(term);
      pairs.push({
        first: firstInfo.number,
        second: info.number,
        firstBit,
        secondBit,
        mask: bitMask(firstBit) | bitMask(secondBit),
        weight: Math.min(firstInfo.weight, info.weight),
      });
    }
    return pairs;
  };
  // Words a tool has side by side as the request does ("postal code", "exchange rate") say
  // more that it does what was asked than the same words apart in its text: each such pair
  // adds its weight, `phraseWeight` times, to the share of the request the tool matches.
  const raiseAdjacentPairs = (
    scores: ScoreTable,
    pairs: readonly AdjacentPair[],
    total: number,
    // Which of the request's terms each tool has: a pair is looked up only where it has both.
    marks: TermMarks,
  ) => {
    if (pairs.length === 0) return;
    // With one word of marks per tool (nearly every request), both terms are one AND of it.
    const oneWord = marks.width === 1;
    for (let index = scores.size - 1; index >= 0; index--) {
      const position = scores.positionAt(index);
      let matched = 0;
      const word = oneWord ? maskWord(marks, position + 1, 0) : 0;
      for (let pair = 0; pair < pairs.length; pair++) {
        const { first, second, firstBit, secondBit, mask, weight } = pairs[pair] as AdjacentPair;
        const hasBoth = oneWord
          ? (word & mask) === mask
          : hasBit(marks, position, firstBit) && hasBit(marks, position, secondBit);
        if (hasBoth && termPairs.has(position, first, second)) matched += weight;
      }
      if (matched > 0) {
        scores.set(position, scores.scoreOf(position) * (1 + (phraseWeight * matched) / total));
      }
    }
  };
  return { adjacentPairs, raiseAdjacentPairs };
}
