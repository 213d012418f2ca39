import type { Tokenizer } from '@orama/orama';

/** Terms end with a marker so Orama's prefix matching only ever matches whole terms. */
export const TERM_END = '$';

/** The analyzed terms of a field's `markedText`. */
export function unmarkedTerms(text: string): string[] {
  return text === '' ? [] : text.split(' ').map((term) => term.slice(0, -TERM_END.length));
}

/** Analyzed terms as the tokenizer takes them: each marked at its end, separated by spaces. */
export function markedText(terms: readonly string[]): string {
  return terms.length === 0 ? '' : `${terms.join(`${TERM_END} `)}${TERM_END}`;
}

/** Documents and queries arrive analyzed and marked (`markedText`); this only splits them. */
export function termTokenizer(): Tokenizer {
  return {
    language: 'english',
    normalizationCache: new Map(),
    tokenize: (raw, _language, property) => {
      const terms = raw === '' ? [] : raw.split(' ');
      return property === undefined ? [...new Set(terms)] : terms;
    },
  };
}
