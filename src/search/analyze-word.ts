import { analyzeText, onIgnoredWordsChange } from './analyze-text.js';

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
 * analyzeWord('listEvents'); // { terms: ['listev', 'list', 'event'], forms: ['listevent', 'list', 'event'] }
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

/**
 * Pairs of words already analyzed as one, by first word then second: a
 * request's words are read again as compounds, pair by pair, and a pair
 * looked up by its words builds no joined string. Bounded; cleared when full.
 */
const compounds = new Map<string, Map<string, WordAnalysis>>();
let compoundCount = 0;

/**
 * The analysis of two words written as one (`analyzeWord` of `first` and
 * `second` joined), kept for the next request that has the pair.
 *
 * @example
 * analyzeCompound('web', 'page'); // { terms: ['webpag'], forms: ['webpage'] }
 */
export function analyzeCompound(first: string, second: string): WordAnalysis {
  let analysis = compounds.get(first)?.get(second);
  if (analysis === undefined) {
    // Counted by pair, whatever the first word: many pairs of one word must empty it too.
    if (compoundCount >= maxCachedAnalyses) {
      compounds.clear();
      compoundCount = 0;
    }
    let seconds = compounds.get(first);
    if (seconds === undefined) {
      seconds = new Map();
      compounds.set(first, seconds);
    }
    const forms: string[] = [];
    analysis = { terms: analyzeText(`${first}${second}`, forms), forms };
    seconds.set(second, analysis);
    compoundCount++;
  }
  return analysis;
}

onIgnoredWordsChange(() => {
  analyses.clear();
  compounds.clear();
  compoundCount = 0;
});

/** How many pairs `analyzeCompound` keeps now. Internal: tests see the bound through it. */
export function keptCompoundCount(): number {
  return compoundCount;
}
