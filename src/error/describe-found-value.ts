/** The longest string quoted whole in a description; a longer one is described by its length. */
const QUOTED_MAX = 80;

/**
 * A value read from untrusted data (a saved snapshot), described in bounded
 * text without walking into it: a short string, a number or a boolean as
 * JSON, else its type and size. An error message built from it stays short
 * however large or deeply nested the value is (`JSON.stringify` and
 * `String` recurse into nested arrays and overflow the stack).
 *
 * @example
 * describeFoundValue('x'.repeat(1 << 20)); // 'a string of 1048576 characters'
 * describeFoundValue([[[]]]); // 'an array of 1 item'
 */
export function describeFoundValue(value: unknown): string {
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
      return value.length <= QUOTED_MAX
        ? JSON.stringify(value)
        : `a string of ${value.length} characters`;
    case 'number':
    case 'boolean':
      return String(value);
    case 'object':
      return Array.isArray(value)
        ? `an array of ${value.length} item${value.length === 1 ? '' : 's'}`
        : 'an object';
    default:
      return `a ${typeof value}`;
  }
}
