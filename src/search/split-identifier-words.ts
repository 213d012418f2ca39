/**
 * Splits text and identifiers into words: at anything that is not a letter or
 * digit (snake_case, kebab-case, dots, `__`, slashes, spaces), at camelCase
 * humps (`listEvents`, `HTTPServer`), and between letters and digits.
 *
 * @example
 * splitIdentifierWords('github__createPullRequest.v2') // ['github', 'create', 'Pull', 'Request', 'v', '2']
 */
export function splitIdentifierWords(text: string): string[] {
  return text
    .replace(/(?<=\p{Ll})(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})/gu, ' ')
    .replace(/(?<=\p{L})(?=\p{N})|(?<=\p{N})(?=\p{L})/gu, ' ')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}
