import { TOOL_SEARCH_MAX_QUERY_BYTES } from 'tool-disclosure/bridge';
import type { CatalogEntry } from 'tool-disclosure/catalog';
import { splitIdentifierWords } from 'tool-disclosure/search';
import { utf8ByteLength } from 'tool-disclosure/util';

/** One query of the adversarial set: a short stable name and its text. */
export interface AdversarialQuery {
  readonly name: string;
  readonly text: string;
}

/** `text` repeated, then cut between code points to at most `bytes` UTF-8 bytes. */
function repeatToBytes(text: string, bytes = TOOL_SEARCH_MAX_QUERY_BYTES): string {
  let result = '';
  let length = 0;
  for (;;) {
    for (const character of text) {
      const size = utf8ByteLength(character);
      if (length + size > bytes) return result;
      result += character;
      length += size;
    }
  }
}

const regexMetacharacters = ['.*+?^$', '{}()|[]\\'].join('');

const controlCharacters = Array.from({ length: 32 }, (_, code) => String.fromCharCode(code)).join(
  '',
);

/**
 * The fixed part of the adversarial set: repeated clauses, terms present in
 * every tool, regular-expression metacharacters, control characters, CJK,
 * emoji, single tokens as long as a query may be, and edge cases of the
 * query grammar. Every text is at most 1,024 UTF-8 bytes, as `tool_search`
 * accepts.
 */
export const FIXED_ADVERSARIAL_QUERIES: readonly AdversarialQuery[] = Object.freeze([
  { name: 'repeated clause', text: repeatToBytes('records. ') },
  { name: 'repeated clause, other punctuation', text: repeatToBytes('list records; get data! ') },
  { name: 'term in every tool', text: 'id' },
  { name: 'terms in every tool, repeated', text: repeatToBytes('id get data a ') },
  { name: 'regex metacharacters', text: regexMetacharacters },
  { name: 'regex metacharacters, repeated', text: repeatToBytes(`${regexMetacharacters} (a+)+$ `) },
  { name: 'control characters', text: repeatToBytes(`${controlCharacters}\u007f send email `) },
  {
    name: 'CJK',
    text: repeatToBytes('发送电子邮件给团队。カレンダーの予定を作成する。일정 만들기 '),
  },
  { name: 'emoji', text: repeatToBytes('📧 send 📅 calendar 👩‍💻🏳️‍🌈 🔥 ') },
  { name: 'single token, 1,024 bytes', text: repeatToBytes('q') },
  { name: 'single camelCase identifier, 1,024 bytes', text: repeatToBytes('listRecordsGetData') },
  { name: 'single snake_case identifier, 1,024 bytes', text: repeatToBytes('get_data_id_') },
  { name: 'digits', text: repeatToBytes('0123456789 ') },
  { name: 'lone surrogates', text: repeatToBytes('\ud800 \udfff records ') },
  { name: 'prototype names', text: '__proto__ constructor prototype toString hasOwnProperty' },
  { name: 'whitespace only', text: repeatToBytes(' \t\n') },
  { name: 'empty', text: '' },
]);

/**
 * The adversarial set over a catalog: the fixed queries and 1,024 bytes of
 * distinct words of the catalog's names and descriptions, taken from tools
 * spread over the whole catalog (deterministic for a given catalog), as
 * one sentence and as a sentence each.
 *
 * @example
 * for (const { name, text } of adversarialQueries(catalog.entries)) await index.search(text, 10);
 */
export function adversarialQueries(entries: readonly CatalogEntry[]): AdversarialQuery[] {
  return [
    ...FIXED_ADVERSARIAL_QUERIES,
    { name: 'distinct catalog words, 1,024 bytes', text: distinctCatalogWords(entries, ' ') },
    // Each a clause of its own: a request ranked clause by clause pays per clause.
    { name: 'distinct catalog sentences, 1,024 bytes', text: distinctCatalogWords(entries, '. ') },
  ];
}

/**
 * Distinct lower-cased words of at least three letters, one tool after another at a stride,
 * joined by `separator`, in at most 1,024 bytes.
 */
function distinctCatalogWords(entries: readonly CatalogEntry[], separator: string): string {
  const words = new Set<string>();
  const separatorBytes = utf8ByteLength(separator);
  let bytes = -separatorBytes;
  const stride = Math.max(1, Math.floor(entries.length / 97));
  for (let offset = 0; offset < stride; offset++) {
    for (let index = offset; index < entries.length; index += stride) {
      const entry = entries[index] as CatalogEntry;
      for (const word of splitIdentifierWords(`${entry.id} ${entry.description}`)) {
        const lower = word.toLowerCase();
        if (lower.length < 3 || !/^\p{L}+$/u.test(lower) || words.has(lower)) continue;
        const size = utf8ByteLength(lower) + separatorBytes;
        if (bytes + size > TOOL_SEARCH_MAX_QUERY_BYTES) return [...words].join(separator);
        words.add(lower);
        bytes += size;
      }
    }
  }
  return [...words].join(separator);
}
