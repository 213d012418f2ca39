/**
 * Splits text and identifiers into words: at anything that is not a letter or
 * digit (snake_case, kebab-case, dots, `__`, slashes, spaces), at camelCase
 * humps (`listEvents`, `HTTPServer`), and between letters and digits. With
 * `keepJoined`, a word that was split is also kept whole, so brand names such
 * as `YouTube` or `GitHub` match both ways.
 *
 * @example
 * splitIdentifierWords('github__createPullRequest.v2') // ['github', 'create', 'Pull', 'Request', 'v', '2']
 */
export function splitIdentifierWords(text: string, keepJoined = false): string[] {
  const words: string[] = [];
  // ASCII text, most of any catalog, is scanned code by code: splitting it with the Unicode
  // expression and testing each word with another took most of the time of analyzing a
  // description. Text with any other character is split by the expressions.
  let start = -1;
  let plain = true;
  for (let index = 0; index <= text.length; index++) {
    const code = index < text.length ? text.charCodeAt(index) : separator;
    if (code >= 128) return splitUnicodeWords(text, keepJoined);
    const lower = code >= 97 && code <= 122;
    if (lower || (code >= 65 && code <= 90) || (code >= 48 && code <= 57)) {
      if (start < 0) {
        start = index;
        plain = true;
      }
      plain &&= lower;
    } else if (start >= 0) {
      const word = text.slice(start, index);
      if (plain) words.push(word);
      else splitWord(word, keepJoined, words);
      start = -1;
    }
  }
  return words;
}

/** A code that ends the last word of a text. */
const separator = 32;

function splitUnicodeWords(text: string, keepJoined: boolean): string[] {
  const words: string[] = [];
  for (const word of text.split(/[^\p{L}\p{N}]+/u)) {
    if (!word) continue;
    // Most words are plain lower-case letters, with nothing to split: the common case skips the regular expressions.
    if (plainWord.test(word)) words.push(word);
    else splitWord(word, keepJoined, words);
  }
  return words;
}

/** Appends the parts of one word of letters and digits, at its humps and letter-digit edges. */
function splitWord(word: string, keepJoined: boolean, words: string[]): void {
  const parts = word
    .replace(/(?<=\p{Ll})(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})/gu, ' ')
    .replace(/(?<=\p{L})(?=\p{N})|(?<=\p{N})(?=\p{L})/gu, ' ')
    .split(' ');
  if (keepJoined && parts.length > 1) words.push(word);
  words.push(...parts);
}

const plainWord = /^[a-z]+$/;
