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

/** Stems already computed: catalogs repeat their words, and stemming is a large share of indexing. */
const stems = new Map<string, string>();
const maxCachedStems = 50_000;

function stem(word: string): string {
  let result = stems.get(word);
  if (result === undefined) {
    if (stems.size >= maxCachedStems) stems.clear();
    result = stemmer(word);
    stems.set(word, result);
  }
  return result;
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
    const lower = word.toLowerCase();
    if (ignored.has(lower)) continue;
    terms.push(stem(lower));
    forms?.push(wordForm(lower));
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
