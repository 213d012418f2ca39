import { hasSearchTerms } from './analyze-text.js';
import { analyzeWord } from './analyze-word.js';
import { RANKING_PARAMETERS } from './ranking-parameters.js';

// How the default ranker reads a request before scoring it: what is left out of its terms
// (quoted values, unknown names, time qualifiers), what a file's name is read as, and where it
// splits into clauses. What leaves words out leaves a request as it was when nothing searchable
// would remain.

/**
 * Quoted text in a request is a literal argument ('comedy', "jane_doe"), not a
 * description of the capability; it is left out unless nothing else remains.
 */
export function withoutQuotedValues(query: string): string {
  if (!openingQuote.test(query)) return query;
  const stripped = query.replace(quotedValue, ' ');
  return unlessEmptied(stripped, query);
}

/** A quoted value of at most `quotedValueLength` characters (`RANKING_PARAMETERS.indexBounds`). */
const quotedValue = new RegExp(
  `(?<![\\p{L}\\p{N}])(['"“‘])[^'"“”‘’]{1,${RANKING_PARAMETERS.indexBounds.quotedValueLength}}?['"”’](?![\\p{L}\\p{N}])`,
  'gu',
);

// Each expression below is tried only on a request that has what it must find: most have
// none, and a plain test is cheaper than the expression's look-behind at every position.
const openingQuote = /['"“‘]/u;
const capital = /\p{Lu}/u;
const timeWord = /now|currently|moment/iu;

/**
 * Capitalised words inside a sentence that the catalog does not know (Sydney,
 * Beyoncé, Tokyo) are names of things to act on, not capabilities; they are
 * left out unless nothing else remains. Known ones (GitHub, Stripe) stay.
 */
export function withoutUnknownNames(text: string, isKnown: (term: string) => boolean): string {
  if (!capital.test(text)) return text;
  // What `/(?<=[\p{L}\p{N},;:]\s+)\p{Lu}[\p{L}\p{N}'’-]*/gu` replaces, with the look-behind
  // tested by hand: the look-behind re-read every run of white space from each of its
  // positions, quadratic in a request of spaces. Only a word's first letter can follow white
  // space, so testing each capitalised run once finds the same words.
  const stripped = text.replace(/\p{Lu}[\p{L}\p{N}'’-]*/gu, (word: string, offset: number) =>
    !followsSpacedWord(text, offset) || analyzeWord(word).terms.some(isKnown) ? word : ' ',
  );
  return unlessEmptied(stripped, text);
}

/** Whether `text` has white space before `offset`, and a letter, digit, `,`, `;` or `:` before that. */
function followsSpacedWord(text: string, offset: number): boolean {
  let end = offset;
  while (end > 0 && isWhiteSpaceAt(text, end - 1)) end--;
  if (end === offset || end === 0) return false;
  // The code point that ends there: a letter may be outside the Basic Multilingual Plane.
  const low = text.charCodeAt(end - 1);
  const start =
    end >= 2 && low >= 0xdc00 && low <= 0xdfff && isHighSurrogate(text.charCodeAt(end - 2))
      ? end - 2
      : end - 1;
  return wordBefore.test(text.slice(start, end));
}

/** Whether the code unit at `index` of `text` is white space (`\s`). */
function isWhiteSpaceAt(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  // In ASCII, white space is tab to carriage return and the space: no expression to run.
  if (code < 0x80) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  return whiteSpace.test(text[index] as string);
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

const whiteSpace = /^\s$/u;
const wordBefore = /^[\p{L}\p{N},;:]$/u;

/**
 * When a request wants something done ("right now", "currently", "at the
 * moment") says nothing of what it wants; left out unless nothing else remains.
 */
export function withoutTimeQualifiers(text: string): string {
  if (!timeWord.test(text)) return text;
  const stripped = text.replace(
    /(?<![\p{L}\p{N}])(?:right\s+now|now|currently|at\s+the\s+moment)(?![\p{L}\p{N}])/giu,
    ' ',
  );
  return unlessEmptied(stripped, text);
}

/**
 * A file's name in a request ("notes.txt", "release-notes.md") is the argument, not the
 * capability: its words are read as "file", what it names.
 */
export function withFileNamesAsFile(text: string): string {
  if (!text.includes('.')) return text;
  return text.replace(fileName, ' file ');
}

// A name and an extension of letters (and digits) after a dot; a number ("3.5") or a version
// ("v1.2") has no letter after its dot.
const fileName =
  /(?<![\p{L}\p{N}_./-])[\p{L}\p{N}_-]+\.(?=[\p{N}]*\p{L})[\p{L}\p{N}]{1,5}(?![\p{L}\p{N}_./-])/gu;

/** A request with words left out, or the request as it was when no search term would remain. */
function unlessEmptied(stripped: string, original: string): string {
  // Most requests have nothing to leave out: no need to look for what remains.
  if (stripped === original) return original;
  return hasSearchTerms(stripped) ? stripped : original;
}

/**
 * Splits a request into sentences, "also" clauses and clauses an "and"
 * opens with a new subject ("… and I'm exploring new music"); a single
 * clause is returned as is.
 */
export function splitRequest(query: string): string[] {
  // Without a sentence end or an "also" there is nothing to split at; the splitting expression
  // also takes time quadratic in a long run of white space.
  if (!clauseBoundary.test(query)) return [query];
  const parts = query
    .split(/(?<=[.?!;])\s+|,?\s+and also\s+|\.?\s+also,?\s+|,?\s+and\s+(?=(?:I|we)\b)/iu)
    .map((part) => part.trim())
    .filter(hasSearchTerms);
  return parts.length > 1 ? parts : [query];
}

const clauseBoundary = /[.?!;]|also|\sand\s+(?:I|we)\b/iu;
