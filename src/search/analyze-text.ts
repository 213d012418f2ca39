import { stemmer } from '@orama/stemmers/english';
import { stopwords } from '@orama/stopwords/english';
import { RANKING_PARAMETERS } from './ranking-parameters.js';
import { splitIdentifierWords } from './split-identifier-words.js';
import { wordForm } from './word-form.js';

/** Words that carry no meaning in a text to search: Orama's English stop words and the fillers. */
let ignored = ignoredWords(RANKING_PARAMETERS.requestFillers);

function ignoredWords(fillers: readonly string[]): Set<string> {
  return new Set([...stopwords, ...fillers]);
}

/** What empties the other caches of analyzed words when the ignored words change. */
const resets: (() => void)[] = [];

/**
 * Registers `reset`, which empties a cache of analyzed words, to be called when the ignored words
 * change (`useRequestFillers`). Internal.
 */
export function onIgnoredWordsChange(reset: () => void): void {
  resets.push(reset);
}

/**
 * Makes `fillers` (with the stop words) the words every text is analyzed without, in this
 * process, and empties every cache of analyzed words. Internal, for evaluation only: an index
 * built before then ranks requests analyzed the new way; build indexes after it.
 *
 * @example
 * useRequestFillers([]); // the stop words alone
 * useRequestFillers(RANKING_PARAMETERS.requestFillers); // as before
 */
export function useRequestFillers(fillers: readonly string[]): void {
  ignored = ignoredWords(fillers);
  termsOfWords.clear();
  for (const reset of resets) reset();
}

/**
 * Each word's term, by the word as split from a text (in any case): its
 * stem, lower-cased, or `null` when it is ignored. Catalogs repeat their
 * words, and lower-casing, the stop-word test and stemming each word were most
 * of analyzing a text: a repeated word is one lookup.
 */
const termsOfWords = new Map<string, string | null>();
const maxCachedWords = 50_000;

/**
 * The term of one word as split from a text (`splitIdentifierWords`): what
 * `analyzeText` gives for it, `null` when it is ignored.
 *
 * @example
 * termOfWord('Events'); // 'event'
 */
export function termOfWord(word: string): string | null {
  let term = termsOfWords.get(word);
  if (term === undefined) {
    if (termsOfWords.size >= maxCachedWords) termsOfWords.clear();
    const lower = word.toLowerCase();
    term = ignored.has(lower) ? null : stemmer(lower);
    termsOfWords.set(word, term);
  }
  return term;
}

/**
 * The search terms of a text: identifier-aware words, lower-cased, without
 * stop words, stemmed (Porter, via `@orama/stemmers`). Used for documents and
 * queries alike, so both sides agree on every term. With `forms`, the word form
 * (`wordForm`) of each term is appended to it, at the term's position.
 *
 * @example
 * analyzeText('listCalendarEvents for the team') // ['list', 'calendar', 'event', 'team']
 */
export function analyzeText(text: string, forms?: string[]): string[] {
  const terms: string[] = [];
  for (const word of splitIdentifierWords(text, true)) {
    const term = termOfWord(word);
    if (term === null) continue;
    terms.push(term);
    forms?.push(wordForm(word.toLowerCase()));
  }
  return terms;
}

/**
 * Whether `analyzeText(text)` has any term, without stemming: it stops at
 * the first word that is not a stop word.
 *
 * @example
 * hasSearchTerms('the and of') // false
 */
export function hasSearchTerms(text: string): boolean {
  // Word by word, so a request's first content word ends the test.
  for (const [piece] of text.matchAll(wordPieces)) {
    for (const word of splitIdentifierWords(piece, true)) {
      if (!ignored.has(word.toLowerCase())) return true;
    }
  }
  return false;
}

/** What `splitIdentifierWords` splits text into before it splits identifiers. */
const wordPieces = /[\p{L}\p{N}]+/gu;
