import { truncateUtf8 } from '../util/truncate-utf8.js';

/**
 * `text` cut to at most `maxBytes` UTF-8 bytes, ending with "…" when cut
 * (`truncateUtf8`), back to the last space when one is near the end. Keeps
 * one long item, such as an MCP server's instructions used as a namespace
 * description, from taking the whole header.
 */
export function clipHeaderText(text: string, maxBytes: number): string {
  const truncated = truncateUtf8(text, maxBytes);
  if (truncated === text) return text;
  const head = truncated.slice(0, -1);
  const space = head.lastIndexOf(' ');
  // A word boundary in the last quarter reads better than a cut word; further back loses too much.
  const cut = space > 0 && space >= head.length * 0.75 ? head.slice(0, space) : head;
  return `${cut.trimEnd()}…`;
}
