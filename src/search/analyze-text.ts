import { stemmer } from '@orama/stemmers/english';
import { stopwords } from '@orama/stopwords/english';
import { splitIdentifierWords } from './split-identifier-words.js';
import { wordForm } from './word-form.js';

/** Words that carry no meaning in a request to find a tool. */
const requestFillers = [
  'please',
  'want',
  'need',
  'like',
  'would',
  'could',
  'tool',
  'tools',
  'using',
  'via',
  // Unnamed people are whom a request is for, never what the tool does ("text a colleague").
  'someone',
  'somebody',
  'anyone',
  'anybody',
  'everyone',
  'everybody',
  'colleague',
  'colleagues',
  'coworker',
  'coworkers',
  'teammate',
  'teammates',
  'something',
  'thing',
  'things',
  // What is left of contractions once apostrophes split words: I'm, I'll, we're, they've, I'd, it's.
  'm',
  'll',
  're',
  've',
  'd',
  's',
  't',
];
const ignored = new Set([...stopwords, ...requestFillers]);

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
