import { analyzeText } from './analyze-text.js';

/** A word's terms and their word forms, as `analyzeText` gives them. */
export interface WordAnalysis {
  readonly terms: readonly string[];
  readonly forms: readonly string[];
}

/**
 * Words already analyzed: requests repeat their words, a compound request is
 * read whole and clause by clause, and a capitalised word is analyzed to tell
 * a name from a known word and again as a term. Bounded; cleared when full.
 */
const analyses = new Map<string, WordAnalysis>();
const maxCachedAnalyses = 10_000;

/**
 * The terms of one word of a request (`analyzeText`, identifiers split) and
 * their word forms, kept for the next request that has the word.
 *
 * @example
 * analyzeWord('listEvents'); // { terms: ['list', 'event'], forms: ['list', 'event'] }
 */
export function analyzeWord(word: string): WordAnalysis {
  let analysis = analyses.get(word);
  if (analysis === undefined) {
    if (analyses.size >= maxCachedAnalyses) analyses.clear();
    const forms: string[] = [];
    analysis = { terms: analyzeText(word, forms), forms };
    analyses.set(word, analysis);
  }
  return analysis;
}
