import { utf8ByteLength } from '../util/utf8-byte-length.js';

/** Lines stop being added at this many UTF-8 bytes (the `standard` header budget). */
export const HEADER_LINE_BUDGET_BYTES = 3800;
/** Bytes kept free inside the line budget for the closing tail line. */
export const HEADER_TAIL_RESERVE_BYTES = 96;
/** No `tool_search` description is ever longer than this. */
export const HEADER_HARD_CAP_BYTES = 4096;

/**
 * Joins header lines. Everything is kept when it fits the line budget and
 * `fits`; otherwise `head` lines are kept while they fit with room for a tail,
 * and `overflow` builds the tail from how many lines were kept. The tail is at
 * most the reserved 96 bytes, so the result stays under the 4,096-byte cap.
 * `fits` (the token budget) may keep fewer lines than the bytes allow: the
 * most that fit, bracketed down from the bytes' count in doubling steps and
 * then bisected, so a long header costs a few counts.
 *
 * @param lineBudgetBytes A smaller line budget (the `small` header budget). @default HEADER_LINE_BUDGET_BYTES
 */
export function fitHeaderLines(
  lines: readonly string[],
  overflow: (keptLines: number) => string,
  fits: (text: string) => boolean = () => true,
  lineBudgetBytes: number = HEADER_LINE_BUDGET_BYTES,
): string {
  // Measured line by line, stopping at the budget: a header of thousands of tools is
  // neither joined nor measured whole only to learn that it is too long.
  let wholeBytes = -1;
  for (const line of lines) {
    wholeBytes += 1 + utf8ByteLength(line);
    if (wholeBytes > lineBudgetBytes) break;
  }
  if (wholeBytes <= lineBudgetBytes) {
    const whole = lines.join('\n');
    if (fits(whole)) return whole;
  }
  const limit = lineBudgetBytes - HEADER_TAIL_RESERVE_BYTES;
  let bytes = -1;
  let kept = 0;
  for (const line of lines) {
    const next = bytes + 1 + utf8ByteLength(line);
    if (next > limit) break;
    bytes = next;
    kept++;
  }
  const withTail = (count: number) => [...lines.slice(0, count), overflow(count)].join('\n');
  if (fits(withTail(kept))) return withTail(kept);
  // The most lines that fit: `low` always fits (or is 0), `high` never does. The answer
  // is usually a few lines short of the bytes' (each count reads the whole header),
  // so it is bracketed from there down, in steps that double, before it is bisected.
  let high = kept;
  let step = 1;
  let low = Math.max(0, kept - step);
  while (low > 0 && !fits(withTail(low))) {
    high = low;
    step *= 2;
    low = Math.max(0, kept - step);
  }
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (fits(withTail(middle))) low = middle;
    else high = middle;
  }
  return withTail(low);
}

/**
 * Collapses control characters, line breaks and runs of spaces, so each header
 * item is one line, and removes format characters (bidi controls such as
 * U+202E, zero-width spaces, U+FEFF), so no item can reorder or hide the text
 * around it.
 */
export function toHeaderText(text: string): string {
  return text
    .replace(/\p{Cf}+/gu, '')
    .replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}
