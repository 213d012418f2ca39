import { maskWord, type TermMarks } from './create-term-marker.js';
import type { WordForms } from './create-word-forms.js';
import type { ScoreTable } from './score-table.js';
import { hasRequestForm, hasSynonym, hasTerm, type WeightedTerm } from './weighted-term.js';

/**
 * Whether no tool a request scored matches `floor` of its weight: the
 * catalog probably has no such capability, and its matches are only weak
 * evidence ("order a pizza" finds orders). A tool matches a term's weight
 * with the term itself, `synonymWeight` of it with a synonym, and as much with
 * another form of the word ("controlled" for "control"), weaker evidence
 * than the word itself. A tool's word forms are read (`wordForms`) only
 * when it passes on its terms alone.
 */
export function isWeakRequest(
  scores: ScoreTable,
  marks: TermMarks,
  terms: readonly WeightedTerm[],
  floor: number,
  wordForms: WordForms,
  // What a synonym, or another form of a word, matches of its weight.
  synonymWeight: number,
): boolean {
  for (let index = scores.size - 1; index >= 0; index--) {
    const position = scores.positionAt(index);
    if (
      literalMatch(marks, terms, position, undefined, synonymWeight) >= floor &&
      literalMatch(marks, terms, position, wordForms, synonymWeight) >= floor
    ) {
      return false;
    }
  }
  return true;
}

/** How much of the request's weight tool `position` matches, other word forms in full without `wordForms`. */
function literalMatch(
  marks: TermMarks,
  terms: readonly WeightedTerm[],
  position: number,
  wordForms: WordForms | undefined,
  synonymWeight: number,
): number {
  let literal = 0;
  const word = maskWord(marks, position + 1, 0);
  for (let index = 0; index < terms.length; index++) {
    const term = terms[index] as WeightedTerm;
    const { weight } = term;
    if (hasTerm(marks, position, word, term)) {
      literal +=
        wordForms === undefined || hasRequestForm(wordForms, position, term)
          ? weight
          : synonymWeight * weight;
    } else if (hasSynonym(marks, position, word, term)) {
      literal += synonymWeight * weight;
    }
  }
  return literal;
}
