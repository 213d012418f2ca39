import { utf8ByteLength } from '../util/utf8-byte-length.js';

/** Largest accepted tool arguments: UTF-8 bytes of their JSON text. */
export const TOOL_ARGUMENTS_MAX_BYTES = 1_048_576;
/** Deepest accepted nesting of objects and arrays in tool arguments; `{}` is depth 1. */
export const TOOL_ARGUMENTS_MAX_DEPTH = 64;
/**
 * Most values accepted in tool arguments, every object, array, string, number,
 * boolean and null counted (`{"ids":[1,2]}` holds 4). Validation can be
 * quadratic in them: `@cfworker/json-schema` checks `uniqueItems` by comparing
 * every pair, so 140,000 distinct integers (within the byte bound) block the
 * event loop for about 13 s. At 2,048 values the worst case measured (1 MiB of
 * strings sharing a prefix, under `uniqueItems`) takes under 100 ms, and real
 * tool arguments hold tens or hundreds.
 */
export const TOOL_ARGUMENTS_MAX_VALUES = 2048;

/** The bound some tool arguments exceed, with what the model should send instead. */
export interface ArgumentBoundsViolation {
  readonly limit: 'depth' | 'bytes' | 'values';
  readonly max: number;
  readonly message: string;
}

const tooDeep: ArgumentBoundsViolation = Object.freeze({
  limit: 'depth',
  max: TOOL_ARGUMENTS_MAX_DEPTH,
  message: `The arguments nest deeper than ${TOOL_ARGUMENTS_MAX_DEPTH} levels of objects and arrays; send a flatter JSON object.`,
});

const tooLarge: ArgumentBoundsViolation = Object.freeze({
  limit: 'bytes',
  max: TOOL_ARGUMENTS_MAX_BYTES,
  message: `The arguments are larger than ${TOOL_ARGUMENTS_MAX_BYTES} bytes of JSON (UTF-8); send less data, for example fewer or shorter values.`,
});

const tooMany: ArgumentBoundsViolation = Object.freeze({
  limit: 'values',
  max: TOOL_ARGUMENTS_MAX_VALUES,
  message: `The arguments hold more than ${TOOL_ARGUMENTS_MAX_VALUES} values (objects, arrays, strings, numbers, booleans and nulls all count); send fewer values, for example by splitting the work over several calls.`,
});

const QUOTE = 0x22;
const COMMA = 0x2c;
const SPACE = 0x20;
const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/**
 * The bound that tool arguments exceed, if any: for a string, its UTF-8 size
 * and the bracket nesting and number of values of its JSON text; for any other
 * value, the size of its JSON (as `JSON.stringify` would write plain data), its
 * nesting and its number of values. Runs without recursion and stops at the
 * first exceeded bound, so it is safe on any model input (100,000 nested
 * brackets, 10 MB strings, 140,000 numbers) and ends on cycles, which nest
 * without end.
 *
 * @example
 * argumentBoundsViolation('{"title":"Board"}'); // undefined
 * argumentBoundsViolation('['.repeat(65)); // { limit: 'depth', max: 64, message: '…' }
 */
export function argumentBoundsViolation(value: unknown): ArgumentBoundsViolation | undefined {
  return countedArgumentBoundsViolation(value, { read: 0 });
}

/**
 * How much of some arguments a bounds check read: UTF-16 code units of text
 * (JSON text, strings inside objects) plus values and keys of objects and
 * arrays. Tests read it to show the check stops at the first exceeded bound
 * without relying on a clock.
 */
export interface ArgumentBoundsWork {
  read: number;
}

/** `argumentBoundsViolation`, adding what it read to `work` (internal: for tests). */
export function countedArgumentBoundsViolation(
  value: unknown,
  work: ArgumentBoundsWork,
): ArgumentBoundsViolation | undefined {
  if (typeof value === 'string' && value.startsWith(STAND_IN_PREFIX)) {
    return standInViolation(value.slice(STAND_IN_PREFIX.length));
  }
  return typeof value === 'string' ? textViolation(value, work) : valueViolation(value, work);
}

/**
 * Starts the stand-in of arguments over the bounds. A NUL character cannot
 * appear in JSON text unescaped, so no arguments the model writes are mistaken
 * for one; a model that sends it escaped is answered as over the bounds, which
 * its arguments could never have been meant as anything else.
 */
const STAND_IN_PREFIX = '\u0000tool-disclosure:arguments-over-bounds:';

/**
 * `value` when it is within the bounds; otherwise a short string that stands
 * in for it, which `argumentBoundsViolation` answers with the same violation.
 * The wrapper keeps the stand-in in the message history instead of the value,
 * so nothing recursive in the SDK (cloning, serializing) ever meets it.
 *
 * @example
 * withinArgumentBounds({ q: 'ada' }); // { q: 'ada' }
 * argumentBoundsViolation(withinArgumentBounds(deeplyNested))?.limit; // 'depth'
 */
export function withinArgumentBounds(value: unknown): unknown {
  const violation = argumentBoundsViolation(value);
  return violation === undefined ? value : `${STAND_IN_PREFIX}${violation.limit}`;
}

/** The violation a stand-in names; any other suffix (a model imitating one) is over the size bound. */
function standInViolation(limit: string): ArgumentBoundsViolation {
  switch (limit) {
    case 'depth':
      return tooDeep;
    case 'values':
      return tooMany;
    default:
      return tooLarge;
  }
}

function textViolation(
  text: string,
  work: ArgumentBoundsWork,
): ArgumentBoundsViolation | undefined {
  // Each UTF-16 code unit takes 1 to 3 bytes, so most texts need no count.
  if (text.length > TOOL_ARGUMENTS_MAX_BYTES) return tooLarge;
  if (text.length * 3 > TOOL_ARGUMENTS_MAX_BYTES) {
    work.read += text.length;
    if (utf8ByteLength(text) > TOOL_ARGUMENTS_MAX_BYTES) return tooLarge;
  }
  return scanText(text, work);
}

/** The depth and value bounds of JSON text, read once from the start up to the first exceeded bound. */
function scanText(text: string, work: ArgumentBoundsWork): ArgumentBoundsViolation | undefined {
  let depth = 0;
  let inString = false;
  // The root is one value; a container's first element is one more, and each comma another.
  let values = 1;
  let opened = false;
  let violation: ArgumentBoundsViolation | undefined;
  let index = 0;
  for (; index < text.length && violation === undefined; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === BACKSLASH) index++;
      else if (code === QUOTE) inString = false;
      continue;
    }
    if (code === SPACE || code === LINE_FEED || code === CARRIAGE_RETURN || code === TAB) continue;
    const closer = code === CLOSE_BRACE || code === CLOSE_BRACKET;
    if ((opened && !closer) || code === COMMA) {
      if (++values > TOOL_ARGUMENTS_MAX_VALUES) violation = tooMany;
    }
    opened = false;
    if (code === QUOTE) inString = true;
    else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      if (++depth > TOOL_ARGUMENTS_MAX_DEPTH) violation ??= tooDeep;
      opened = true;
    }
    // Never below zero: stray closers must not hide the openers that follow.
    else if (closer && depth > 0) depth--;
  }
  work.read += Math.min(index, text.length);
  return violation;
}

function valueViolation(
  root: unknown,
  work: ArgumentBoundsWork,
): ArgumentBoundsViolation | undefined {
  work.read += 1;
  if (root === null || typeof root !== 'object') {
    return primitiveBytes(root, work) > TOOL_ARGUMENTS_MAX_BYTES ? tooLarge : undefined;
  }
  // Only containers wait on the stack, each counted (brackets, depth, value) when it is met.
  const containers: object[] = [root];
  const depths: number[] = [1];
  let bytes = 2;
  let values = 1;
  let violation: ArgumentBoundsViolation | undefined;
  const visit = (child: unknown, depth: number): void => {
    work.read += 1;
    if (++values > TOOL_ARGUMENTS_MAX_VALUES) violation = tooMany;
    else if (child === null || typeof child !== 'object') bytes += primitiveBytes(child, work);
    else if (depth > TOOL_ARGUMENTS_MAX_DEPTH) violation = tooDeep;
    else {
      bytes += 2;
      containers.push(child);
      depths.push(depth);
    }
    if (violation === undefined && bytes > TOOL_ARGUMENTS_MAX_BYTES) violation = tooLarge;
  };
  for (;;) {
    const container = containers.pop();
    const childDepth = (depths.pop() ?? 0) + 1;
    if (container === undefined) return undefined;
    if (Array.isArray(container)) {
      for (let index = 0; index < container.length && violation === undefined; index++) {
        if (index > 0) bytes += 1;
        // JSON writes undefined, functions and symbols in arrays as null.
        visit(isOmitted(container[index]) ? null : container[index], childDepth);
      }
    } else {
      let written = 0;
      const keys = Object.keys(container);
      work.read += keys.length;
      for (const key of keys) {
        const child = (container as Record<string, unknown>)[key];
        if (isOmitted(child)) continue;
        bytes += (written++ > 0 ? 1 : 0) + stringBytes(key, work) + 1;
        visit(child, childDepth);
        if (violation !== undefined) break;
      }
    }
    if (violation !== undefined) return violation;
  }
}

/** Values `JSON.stringify` leaves out of objects. */
function isOmitted(value: unknown): boolean {
  return value === undefined || typeof value === 'function' || typeof value === 'symbol';
}

function primitiveBytes(value: unknown, work: ArgumentBoundsWork): number {
  switch (typeof value) {
    case 'string':
      return stringBytes(value, work);
    case 'number':
      return Number.isFinite(value) ? String(value).length : 4;
    case 'boolean':
      return value ? 4 : 5;
    case 'bigint':
      return String(value).length;
    case 'object':
      return value === null ? 4 : 0;
    default:
      return 0;
  }
}

/** UTF-8 bytes of `text` as a JSON string literal, quotes and escapes included. */
function stringBytes(text: string, work: ArgumentBoundsWork): number {
  // At least one byte per code unit: a longer text is over the bound whatever it holds.
  if (text.length > TOOL_ARGUMENTS_MAX_BYTES) return text.length + 2;
  work.read += text.length;
  let bytes = 2;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === QUOTE || code === BACKSLASH) bytes += 2;
    else if (code < 0x20)
      bytes +=
        code === 0x08 || code === 0x09 || code === 0x0a || code === 0x0c || code === 0x0d ? 2 : 6;
    else if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        index++;
      } else bytes += 6; // a lone surrogate is written as \udXXX
    } else if (code >= 0xdc00 && code <= 0xdfff) bytes += 6;
    else bytes += 3;
  }
  return bytes;
}
