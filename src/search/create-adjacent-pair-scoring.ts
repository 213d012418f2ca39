import { maskWord, type TermMarks } from './create-term-marker.js';
import type { TermPairs } from './create-term-pairs.js';
import type { ScoreMap } from './score-table.js';

/** How much a pair of the request's words a tool has side by side counts, over their weight alone. */
const phraseWeight = 4;

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
  readonly weight: number;
}

export interface AdjacentPairScoringOptions {
  /** A term's number in the index, -1 for a term no tool has. */
  termNumber: (term: string) => number;
  /** A term's weight in a request (its inverse document frequency, or its synonyms'). */
  weightOf: (term: string) => number;
  /** Which terms each tool has side by side (`createTermPairs`). */
  termPairs: TermPairs;
  /** Terms passed over as if absent, as the tools' pairs pass over them. */
  leftOut: ReadonlySet<string>;
}

/** A request's adjacent pairs, and the raise of the tools that have them side by side. */
export interface AdjacentPairScoring {
  adjacentPairs(sequence: readonly string[], bitOf: (term: string) => number): AdjacentPair[];
  raiseAdjacentPairs(
    scores: ScoreMap,
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
 * const { adjacentPairs, raiseAdjacentPairs } = createAdjacentPairScoring({ termNumber, weightOf, termPairs, leftOut: new Set(['a']) });
 * raiseAdjacentPairs(scores, adjacentPairs(['postal', 'code'], bitOf), totalWeight, marks);
 */
export function createAdjacentPairScoring({
  termNumber,
  weightOf,
  termPairs,
  leftOut,
}: AdjacentPairScoringOptions): AdjacentPairScoring {
  // The request's terms that some tool has, in the request's order, each pair of
  // neighbours once ("postal code", "exchange rate"), with the weight of its commoner term.
  const adjacentPairs = (
    sequence: readonly string[],
    // A term's bit in a tool's marks, -1 for none.
    bitOf: (term: string) => number,
  ): AdjacentPair[] => {
    const pairs: AdjacentPair[] = [];
    const seen = new Set<string>();
    const content = sequence.filter((term) => !leftOut.has(term));
    for (let index = 0; index + 1 < content.length; index++) {
      const first = content[index] as string;
      const second = content[index + 1] as string;
      const key = `${first} ${second}`;
      if (first === second || seen.has(key)) continue;
      seen.add(key);
      const firstNumber = termNumber(first);
      const secondNumber = termNumber(second);
      const firstBit = bitOf(first);
      const secondBit = bitOf(second);
      if (firstNumber < 0 || secondNumber < 0) continue;
      pairs.push({
        first: firstNumber,
        second: secondNumber,
        firstBit,
        secondBit,
        weight: Math.min(weightOf(first), weightOf(second)),
      });
    }
    return pairs;
  };
  // Words a tool has side by side as the request does ("postal code", "exchange rate") say
  // more that it does what was asked than the same words apart in its text: each such pair
  // adds its weight, `phraseWeight` times, to the share of the request the tool matches.
  const raiseAdjacentPairs = (
    scores: ScoreMap,
    pairs: readonly AdjacentPair[],
    total: number,
    // Which of the request's terms each tool has: a pair is looked up only where it has both.
    marks: TermMarks,
  ) => {
    if (pairs.length === 0) return;
    // A term without a bit (a part of a name the catalog knows whole) is looked up regardless.
    const hasBit = (position: number, bit: number) =>
      bit < 0 || (maskWord(marks, position + 1, bit >> 5) & (1 << (bit & 31))) !== 0;
    // With one word of marks per tool (nearly every request), both terms are one AND of it.
    const oneWord = marks.width === 1;
    const masks = pairs.map(({ firstBit, secondBit }) => bitMask(firstBit) | bitMask(secondBit));
    scores.forEach((score, position) => {
      let matched = 0;
      const word = oneWord ? maskWord(marks, position + 1, 0) : 0;
      for (let index = 0; index < pairs.length; index++) {
        const { first, second, firstBit, secondBit, weight } = pairs[index] as AdjacentPair;
        const mask = masks[index] as number;
        const hasBoth = oneWord
          ? (word & mask) === mask
          : hasBit(position, firstBit) && hasBit(position, secondBit);
        if (hasBoth && termPairs.has(position, first, second)) matched += weight;
      }
      if (matched > 0) scores.set(position, score * (1 + (phraseWeight * matched) / total));
    });
  };
  return { adjacentPairs, raiseAdjacentPairs };
}
