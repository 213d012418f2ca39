import { usedNumbers } from './used-numbers.js';

/** What scoring reads of one request term over one index. */
export interface TermInfo {
  /** Its number in the index; -1 when no tool has it. */
  readonly number: number;
  /** Whether some tool has it. */
  readonly used: boolean;
  /** Its weight in a request. */
  readonly weight: number;
  /** Its synonyms, and the numbers of those some tool uses (numbered when the term is first read). */
  readonly synonyms: readonly string[] | undefined;
  readonly synonymNumbers: readonly number[];
}

export interface TermInfoOptions {
  /** A term's number in the index, -1 for a term no tool has. */
  termNumber: (term: string) => number;
  /** How many tools have a term. */
  documentFrequency: (term: string) => number;
  /** A term's weight in a request. */
  weightOf: (term: string) => number;
  synonymsOf: ReadonlyMap<string, readonly string[]>;
}

/**
 * A request term's number, weight and synonyms over one index, each read
 * once per term and kept: a request reads them for each of its terms, their
 * synonyms and its pairs of words, where each was a lookup or two of its own.
 * At most `maxKept` terms are kept; all are let go when that many are.
 *
 * @example
 * const termInfo = createTermInfo({ termNumber, documentFrequency, weightOf, synonymsOf });
 * termInfo('email').weight;
 */
export function createTermInfo(
  { termNumber, documentFrequency, weightOf, synonymsOf }: TermInfoOptions,
  maxKept = 10_000,
): (term: string) => TermInfo {
  const kept = new Map<string, TermInfo>();
  return (term) => {
    let info = kept.get(term);
    if (info === undefined) {
      if (kept.size >= maxKept) kept.clear();
      const synonyms = synonymsOf.get(term);
      info = {
        number: termNumber(term),
        used: documentFrequency(term) > 0,
        weight: weightOf(term),
        synonyms,
        synonymNumbers: synonyms === undefined ? noNumbers : usedNumbers(synonyms, termNumber),
      };
      kept.set(term, info);
    }
    return info;
  };
}

const noNumbers: readonly number[] = [];
