import { maskWord, type TermMarks } from './create-term-marker.js';
import type { WordForms } from './create-word-forms.js';

/** A request's term of evidence, with what each candidate tool is checked against. */
export interface WeightedTerm {
  readonly number: number;
  /** Its bit in a tool's marks; -1 when it has none. */
  readonly bit: number;
  /** Its bit in the first word of a tool's marks, as a mask; 0 when it has none there. */
  readonly termMask: number;
  readonly weight: number;
  /** The numbers of its synonyms some tool uses, and their bits in a tool's marks, word by word. */
  readonly synonyms: readonly number[];
  readonly synonymBits: readonly number[];
  /** Its synonyms' bits in the first word of a tool's marks; 0 when it has no synonym some tool uses. */
  readonly synonymMask: number;
  /** The word forms the request used for it. */
  readonly forms: readonly string[];
}

// Nearly every request has at most 32 terms and expansions: a tool's marks are then one word,
// read once per tool (`word`, `maskWord(marks, position + 1, 0)`), and each test one AND.

/** Whether tool `position`, the first word of whose marks is `word`, has `term` itself. */
export function hasTerm(
  marks: TermMarks,
  position: number,
  word: number,
  { bit }: WeightedTerm,
): boolean {
  return (
    bit >= 0 &&
    ((marks.width === 1 ? word : maskWord(marks, position + 1, bit >> 5)) & (1 << (bit & 31))) !== 0
  );
}

/** Whether tool `position`, the first word of whose marks is `word`, has a synonym of `term`. */
export function hasSynonym(
  marks: TermMarks,
  position: number,
  word: number,
  { synonymBits }: WeightedTerm,
): boolean {
  if (marks.width === 1) return (word & (synonymBits[0] as number)) !== 0;
  for (let index = 0; index < synonymBits.length; index++) {
    const bits = synonymBits[index] as number;
    if (bits !== 0 && (maskWord(marks, position + 1, index) & bits) !== 0) return true;
  }
  return false;
}

/** Whether tool `position` uses a word form the request used for `term`. */
export function hasRequestForm(
  wordForms: WordForms,
  position: number,
  { forms }: WeightedTerm,
): boolean {
  for (let index = 0; index < forms.length; index++) {
    if (wordForms.has(position, forms[index] as string)) return true;
  }
  return false;
}
