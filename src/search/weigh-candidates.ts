import { maskWord, type TermMarks } from './create-term-marker.js';
import type { TermSets } from './create-term-sets.js';
import type { ScoreTable } from './score-table.js';
import { hasSynonym, hasTerm, type WeightedTerm } from './weighted-term.js';

/** What a request's candidates are weighed against. */
export interface CandidateWeighing {
  /** The request's terms of evidence. */
  readonly terms: readonly WeightedTerm[];
  /** The sum of their weights. */
  readonly totalWeight: number;
  /** The weight a tool must cover to be kept. */
  readonly requiredWeight: number;
  /** How much the share of the request a tool's name matches counts once more. */
  readonly nameShareWeight: number;
  /** What a synonym in a tool's name counts, against the term itself. */
  readonly synonymWeight: number;
  /** Whether a tool's score is weighed by the share of the request's weight it covers. */
  readonly coverage: boolean;
}

/**
 * Weighs each scored tool by the share of the request's weight it covers
 * (tools that match more of it outrank tools that match one word strongly)
 * and by the share its name (or alias) matches, which counts once more;
 * tools that cover less than `requiredWeight` are dropped. A synonym covers
 * a term; in a name it counts `synonymWeight`. Without `coverage`, only the
 * name share weighs a tool.
 */
export function weighCandidates(
  scores: ScoreTable,
  marks: TermMarks,
  // With one word of marks per tool: which of the request's terms each tool has in its name.
  nameMasks: Int32Array,
  nameTerms: TermSets,
  {
    terms,
    totalWeight,
    requiredWeight,
    nameShareWeight,
    synonymWeight,
    coverage,
  }: CandidateWeighing,
): void {
  const oneWord = marks.width === 1;
  // From the end: a dropped tool's place is taken by one already weighed.
  for (let index = scores.size - 1; index >= 0; index--) {
    const position = scores.positionAt(index);
    const word = maskWord(marks, position + 1, 0);
    let covered = 0;
    let named = 0;
    if (oneWord) {
      // A term is in a tool (or its name) when the tool's word (or name word) has the term's
      // bit, and a synonym of it when it has one of theirs. Every tool scored here was marked
      // by this request: its name word is valid.
      const nameWord = nameMasks[position + 1] as number;
      for (let term = 0; term < terms.length; term++) {
        const { termMask, synonymMask, weight } = terms[term] as WeightedTerm;
        if ((nameWord & termMask) !== 0) named += weight;
        else if ((word & synonymMask) !== 0 && (nameWord & synonymMask) !== 0) {
          named += synonymWeight * weight;
        }
        if ((word & (termMask | synonymMask)) !== 0) covered += weight;
      }
    } else {
      for (let term = 0; term < terms.length; term++) {
        const weighted = terms[term] as WeightedTerm;
        const { number, weight, synonyms } = weighted;
        // A tool's name terms are some of its terms: its name can only have what it has.
        const inDocument = hasTerm(marks, position, word, weighted);
        const synonymInDocument =
          synonyms.length > 0 && hasSynonym(marks, position, word, weighted);
        if (inDocument && nameTerms.has(position, number)) named += weight;
        else if (synonymInDocument && hasAny(nameTerms, position, synonyms)) {
          named += synonymWeight * weight;
        }
        if (inDocument || synonymInDocument) covered += weight;
      }
    }
    if (covered < requiredWeight) scores.delete(position);
    else {
      const naming = 1 + (nameShareWeight * named) / totalWeight;
      scores.set(
        position,
        coverage
          ? (scores.scoreOf(position) * covered * naming) / totalWeight
          : scores.scoreOf(position) * naming,
      );
    }
  }
}

/** Whether document `position` has any of the term numbers `numbers`. */
function hasAny(sets: TermSets, position: number, numbers: readonly number[]): boolean {
  for (let index = 0; index < numbers.length; index++) {
    if (sets.has(position, numbers[index] as number)) return true;
  }
  return false;
}
