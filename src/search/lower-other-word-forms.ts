import { maskWord, type TermMarks } from './create-term-marker.js';
import type { WordForms } from './create-word-forms.js';
import type { ScoreTable } from './score-table.js';
import { selectTopPositions } from './select-top-positions.js';
import { hasRequestForm, hasSynonym, hasTerm, type WeightedTerm } from './weighted-term.js';

/**
 * Another form of a word ("plan" for "planning", "control" for "controlled")
 * is weaker evidence that a tool does what was asked than the word itself: it
 * covers `synonymWeight` of the word's weight, as for the relevance floor;
 * which tools are returned at all still counts it in full. A tool's word
 * forms are read from the tool itself (a cold request reading 200 tools' took
 * four times as long), so only the best `limit` tools, those a search can
 * return, are read: the check can only lower their scores.
 */
export function lowerOtherWordForms(
  scores: ScoreTable,
  marks: TermMarks,
  terms: readonly WeightedTerm[],
  limit: number,
  wordForms: WordForms,
  // What another form of a word covers of its weight, as a synonym does.
  synonymWeight: number,
): void {
  const best = selectTopPositions(scores, limit);
  for (let index = 0; index < best.length; index++) {
    const position = best[index] as number;
    let covered = 0;
    let coveredInItsForms = 0;
    const word = maskWord(marks, position + 1, 0);
    for (let index = 0; index < terms.length; index++) {
      const term = terms[index] as WeightedTerm;
      const { weight } = term;
      if (hasTerm(marks, position, word, term)) {
        covered += weight;
        coveredInItsForms += hasRequestForm(wordForms, position, term)
          ? weight
          : synonymWeight * weight;
      } else if (term.synonyms.length > 0 && hasSynonym(marks, position, word, term)) {
        covered += weight;
        coveredInItsForms += weight;
      }
    }
    if (coveredInItsForms < covered) {
      scores.set(position, (scores.scoreOf(position) * coveredInItsForms) / covered);
    }
  }
}
