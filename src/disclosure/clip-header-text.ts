import { utf8ByteLength } from '../util/utf8-byte-length.js';

const ELLIPSIS = '…';

/**
 * `text` cut to at most `maxBytes` UTF-8 bytes, ending with "…" when cut: at
 * the last space when one is near the end, else between code points (never
 * inside a surrogate pair). Keeps one long item, such as an MCP server's
 * instructions used as a namespace description, from taking the whole header.
 */
export function clipHeaderText(text: string, maxBytes: number): string {
  if (utf8ByteLength(text) <= maxBytes) return text;
  const room = maxBytes - utf8ByteLength(ELLIPSIS);
  let bytes = 0;
  let end = 0;
  for (const character of text) {
    const size = utf8ByteLength(character);
    if (bytes + size > room) break;
    bytes += size;
    end += character.length;
  }
  const head = text.slice(0, end);
  const space = head.lastIndexOf(' ');
  // A word boundary in the last quarter reads better than a cut word; further back loses too much.
  const cut = space > 0 && space >= head.length * 0.75 ? head.slice(0, space) : head;
  return `${cut.trimEnd()}${ELLIPSIS}`;
}
