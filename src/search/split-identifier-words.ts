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
  // A request is analyzed word by word: a plain lower-case word is its own only word.
  if (plainWord.test(text)) return [text];
  const words: string[] = [];
  for (const word of text.split(/[^\p{L}\p{N}]+/u)) {
    if (!word) continue;
    // Most words are plain lower-case letters, with nothing to split: the common case skips the regular expressions.
    if (plainWord.test(word)) {
      words.push(word);
      continue;
    }
    const parts = word
      .replace(/(?<=\p{Ll})(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})/gu, ' ')
      .replace(/(?<=\p{L})(?=\p{N})|(?<=\p{N})(?=\p{L})/gu, ' ')
      .split(' ');
    if (keepJoined && parts.length > 1) words.push(word);
    words.push(...parts);
  }
  return words;
}

const plainWord = /^[a-z]+$/;
