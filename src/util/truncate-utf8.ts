import { utf8ByteLength } from './utf8-byte-length.js';

const ELLIPSIS = '…';
const ELLIPSIS_BYTES = 3;

/**
 * `text` when it is at most `maxBytes` UTF-8 bytes; otherwise its longest
 * prefix that fits with a closing "…", cut between code points.
 *
 * @example
 * truncateUtf8('Send an email to anyone.', 10); // 'Send an…'
 */
export function truncateUtf8(text: string, maxBytes: number): string {
  // Each UTF-16 code unit takes at most 3 bytes: short texts need no count.
  if (text.length * 3 <= maxBytes || utf8ByteLength(text) <= maxBytes) return text;
  const budget = maxBytes - ELLIPSIS_BYTES;
  let bytes = 0;
  let end = 0;
  while (end < text.length) {
    const code = text.codePointAt(end) as number;
    const size = code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
    if (bytes + size > budget) break;
    bytes += size;
    end += code >= 0x10000 ? 2 : 1;
  }
  return `${text.slice(0, end)}${ELLIPSIS}`;
}
