import { Validator } from '@cfworker/json-schema';
import { describe, expect, it } from 'vitest';
import { utf8ByteLength } from '../util/utf8-byte-length.js';
import {
  argumentBoundsViolation,
  countedArgumentBoundsViolation,
  TOOL_ARGUMENTS_MAX_BYTES,
  TOOL_ARGUMENTS_MAX_DEPTH,
  TOOL_ARGUMENTS_MAX_VALUES,
  withinArgumentBounds,
} from './argument-bounds.js';

const tooManyValues = {
  limit: 'values',
  max: 2048,
  message:
    'The arguments hold more than 2048 values (objects, arrays, strings, numbers, booleans and nulls all count); send fewer values, for example by splitting the work over several calls.',
};

/** Every value in `value`, containers and primitives alike (a reference count, recursive). */
function countValues(value: unknown): number {
  if (value === null || typeof value !== 'object') return 1;
  return 1 + Object.values(value).reduce((sum: number, child) => sum + countValues(child), 0);
}

/** The violation of `value` and how much of it the check read (code units of text, values and keys). */
function checked(value: unknown): { limit: string | undefined; read: number } {
  const work = { read: 0 };
  const violation = countedArgumentBoundsViolation(value, work);
  return { limit: violation?.limit, read: work.read };
}

/** `count` distinct integers, from 0. */
const integers = (count: number) => Array.from({ length: count }, (_, index) => index);

/** `levels` objects nested in each other, built without recursion. */
function nestedObject(levels: number): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  let current = root;
  for (let level = 1; level < levels; level++) {
    const child: Record<string, unknown> = {};
    current.a = child;
    current = child;
  }
  return root;
}

/** JSON text of exactly `bytes` UTF-8 bytes: one string property. */
function textOfBytes(bytes: number, character = 'x'): string {
  const filler = bytes - utf8ByteLength('{"text":""}');
  const width = utf8ByteLength(character);
  const text = `{"text":"${character.repeat(Math.floor(filler / width))}${'y'.repeat(filler % width)}"}`;
  expect(utf8ByteLength(text)).toBe(bytes);
  return text;
}

describe('argumentBoundsViolation', () => {
  it('accepts exactly 64 levels of nesting and rejects 65, in JSON text and in objects', () => {
    const text = (levels: number) => `${'{"a":'.repeat(levels - 1)}{}${'}'.repeat(levels - 1)}`;
    expect(argumentBoundsViolation(text(TOOL_ARGUMENTS_MAX_DEPTH))).toBeUndefined();
    expect(argumentBoundsViolation(nestedObject(TOOL_ARGUMENTS_MAX_DEPTH))).toBeUndefined();
    for (const value of [text(65), nestedObject(65), `[${'['.repeat(64)}${']'.repeat(65)}`]) {
      expect(argumentBoundsViolation(value)).toEqual({
        limit: 'depth',
        max: 64,
        message:
          'The arguments nest deeper than 64 levels of objects and arrays; send a flatter JSON object.',
      });
    }
  });

  it('counts brackets inside JSON strings, escaped quotes included, as text, not nesting', () => {
    const inString = `{"text":"${'['.repeat(200)}\\"${'{'.repeat(200)}\\\\"}`;
    expect(JSON.parse(inString)).toBeTypeOf('object');
    expect(argumentBoundsViolation(inString)).toBeUndefined();
    expect(argumentBoundsViolation({ text: '['.repeat(200) })).toBeUndefined();
  });

  it('never lets stray closing brackets hide the opening ones that follow', () => {
    expect(argumentBoundsViolation(`${']'.repeat(100)}${'['.repeat(65)}`)?.limit).toBe('depth');
  });

  it('answers 100,000 nested brackets, as text or as an object, reading no further than level 65', () => {
    // One bracket per level of text; a key, its name and its value per level of an object.
    expect(checked('['.repeat(100_000) + ']'.repeat(100_000))).toEqual({
      limit: 'depth',
      read: TOOL_ARGUMENTS_MAX_DEPTH + 1,
    });
    const nested = checked(nestedObject(100_000));
    expect(nested.limit).toBe('depth');
    expect(nested.read).toBeLessThanOrEqual(3 * (TOOL_ARGUMENTS_MAX_DEPTH + 1));
  });

  it('accepts exactly 1 MiB of UTF-8 and rejects one byte more, counting multi-byte characters', () => {
    for (const character of ['x', 'é', '€', '😀']) {
      expect(argumentBoundsViolation(textOfBytes(TOOL_ARGUMENTS_MAX_BYTES, character))).toBe(
        undefined,
      );
      expect(argumentBoundsViolation(textOfBytes(TOOL_ARGUMENTS_MAX_BYTES + 1, character))).toEqual(
        {
          limit: 'bytes',
          max: 1_048_576,
          message:
            'The arguments are larger than 1048576 bytes of JSON (UTF-8); send less data, for example fewer or shorter values.',
        },
      );
    }
  });

  it('measures an object as the bytes of its JSON, escapes and omitted values included', () => {
    const values = [
      { text: 'x'.repeat(1000), omitted: undefined, list: [undefined, () => 1, null, true, 1.5] },
      { quotes: '"\\\n\u0001', emoji: '😀', lone: '\ud800', nan: Number.NaN, nested: [[{}], []] },
    ];
    for (const value of values) {
      const bytes = utf8ByteLength(JSON.stringify(value));
      const filler = 'x'.repeat(TOOL_ARGUMENTS_MAX_BYTES - bytes - ',"fill":""'.length);
      expect(argumentBoundsViolation({ ...value, fill: filler })).toBeUndefined();
      expect(argumentBoundsViolation({ ...value, fill: `${filler}x` })?.limit).toBe('bytes');
    }
  });

  it('answers a 10 MB string, alone or inside an object, from its length, reading none of it', () => {
    const huge = 'x'.repeat(10_000_000);
    for (const value of [huge, { text: huge }, [huge]]) {
      const { limit, read } = checked(value);
      expect(limit).toBe('bytes');
      // The containers, the key and its name: never the string's ten million characters.
      expect(read).toBeLessThan(10);
    }
  });

  it('stops on a huge array or a wide object as soon as a bound is exceeded', () => {
    const overValues = { limit: 'values', read: TOOL_ARGUMENTS_MAX_VALUES + 1 };
    expect(checked(new Array(100_000_000))).toEqual(overValues);
    expect(checked(Array.from({ length: 600_000 }, () => []))).toEqual(overValues);
    const wide = Object.fromEntries(integers(100_000).map((index) => [`k${index}`, index]));
    const wideChecked = checked(wide);
    expect(wideChecked.limit).toBe('values');
    // Listing the keys reads them all; their names and values only up to the bound.
    expect(wideChecked.read).toBeLessThan(100_000 + 10 * TOOL_ARGUMENTS_MAX_VALUES);
    // Two strings of 600,000 characters: each is read once, and the second exceeds the bytes.
    expect(checked(['x'.repeat(600_000), 'y'.repeat(600_000)])).toEqual({
      limit: 'bytes',
      read: 1 + 2 * (1 + 600_000),
    });
  });

  it('accepts exactly 2,048 values and rejects one more, counting containers and primitives alike, in JSON text and in objects', () => {
    expect(TOOL_ARGUMENTS_MAX_VALUES).toBe(2048);
    // Each shape holds exactly `values` values: the root, its containers and its primitives.
    const shapes: ((values: number) => unknown)[] = [
      (values) => integers(values - 1),
      (values) => ({ ids: integers(values - 2) }),
      (values) => Array.from({ length: values - 1 }, () => []),
      (values) => [
        ...Array.from({ length: Math.floor((values - 1) / 2) }, (_, index) => ({ id: `${index}` })),
        ...((values - 1) % 2 === 1 ? [null] : []),
      ],
      (values) => ({ a: [true, {}], rest: Array.from({ length: values - 5 }, () => 'v') }),
    ];
    for (const shape of shapes) {
      for (const [values, expected] of [
        [TOOL_ARGUMENTS_MAX_VALUES, undefined],
        [TOOL_ARGUMENTS_MAX_VALUES + 1, tooManyValues],
      ] as const) {
        const value = shape(values);
        expect(countValues(value)).toBe(values);
        for (const form of [value, JSON.stringify(value), JSON.stringify(value, null, 2)]) {
          expect(argumentBoundsViolation(form)).toEqual(expected);
        }
      }
    }
    // Commas and brackets inside JSON strings are text, not values.
    const text = JSON.stringify({ text: `${',[{'.repeat(5000)}"\\` });
    expect(argumentBoundsViolation(text)).toBeUndefined();
    expect(argumentBoundsViolation(JSON.parse(text))).toBeUndefined();
  });

  it('answers 140,000 distinct integers within the byte bound as too many values, reading no value past the 2,049th, as text or as an array', () => {
    const many = integers(140_000);
    const text = JSON.stringify(many);
    expect(utf8ByteLength(text)).toBeLessThan(TOOL_ARGUMENTS_MAX_BYTES);
    expect(argumentBoundsViolation(text)).toEqual(tooManyValues);
    expect(argumentBoundsViolation(many)).toEqual(tooManyValues);
    expect(argumentBoundsViolation({ ids: many })).toEqual(tooManyValues);
    // Text this long is measured in UTF-8 once (one pass over it), then scanned up to the comma
    // that starts the 2,049th value (the array is the first): `[0,1,…,2046,`.
    const scanned = JSON.stringify(integers(TOOL_ARGUMENTS_MAX_VALUES - 1)).length;
    expect(checked(text).read).toBe(text.length + scanned);
    expect(checked(many).read).toBe(TOOL_ARGUMENTS_MAX_VALUES + 1);
    // The object, its key, the key's name and the array.
    expect(checked({ ids: many }).read).toBe(TOOL_ARGUMENTS_MAX_VALUES + 1 + 4);
  });

  it('caps a quadratic uniqueItems check at the item comparisons of the most values it accepts', () => {
    const validator = new Validator({ type: 'array', uniqueItems: true }, '7', false);
    const largest = [
      integers(TOOL_ARGUMENTS_MAX_VALUES - 1),
      Array.from({ length: (TOOL_ARGUMENTS_MAX_VALUES - 1) / 2 }, (_, id) => ({ id })),
    ];
    expect(argumentBoundsViolation(integers(TOOL_ARGUMENTS_MAX_VALUES))).toEqual(tooManyValues);
    for (const value of largest) {
      expect(argumentBoundsViolation(value)).toBeUndefined();
      // The validator reads every item once per other item: count its reads through a proxy.
      let itemReads = 0;
      const counted = new Proxy(value, {
        get(target, key, receiver) {
          if (typeof key === 'string' && /^\d+$/.test(key)) itemReads++;
          return Reflect.get(target, key, receiver);
        },
      });
      expect(validator.validate(counted).valid).toBe(true);
      const items = value.length;
      expect(itemReads).toBeGreaterThanOrEqual(items * (items - 1));
      // At most 2,047 items: about 4.2 million reads, where 140,000 integers take 19.6 billion.
      expect(itemReads).toBeLessThanOrEqual(TOOL_ARGUMENTS_MAX_VALUES ** 2);
    }
  });

  it('stands in for arguments over any bound with a string that gives the same violation', () => {
    const over: [unknown, string][] = [
      ['['.repeat(65), 'depth'],
      [{ text: 'x'.repeat(TOOL_ARGUMENTS_MAX_BYTES) }, 'bytes'],
      [integers(TOOL_ARGUMENTS_MAX_VALUES), 'values'],
      [JSON.stringify(integers(TOOL_ARGUMENTS_MAX_VALUES)), 'values'],
    ];
    for (const [value, limit] of over) {
      const standIn = withinArgumentBounds(value);
      expect(standIn).toBeTypeOf('string');
      expect((standIn as string).length).toBeLessThan(64);
      expect(argumentBoundsViolation(standIn)).toEqual(argumentBoundsViolation(value));
      expect(argumentBoundsViolation(standIn)?.limit).toBe(limit);
    }
    const within = { ids: integers(10) };
    expect(withinArgumentBounds(within)).toBe(within);
    // An imitation naming no bound, or a prototype key, is still over the bounds, never anything else.
    for (const suffix of ['', '__proto__', 'toString', 'values ']) {
      const imitation = `\u0000tool-disclosure:arguments-over-bounds:${suffix}`;
      expect(argumentBoundsViolation(imitation)?.limit).toBe('bytes');
    }
  });

  it('ends on a cyclic object with a depth violation instead of looping', () => {
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic.self = cyclic;
    cyclic.again = [cyclic];
    expect(argumentBoundsViolation(cyclic)?.limit).toBe('depth');
  });

  it('accepts plain values within the bounds', () => {
    for (const value of [undefined, null, '', '{}', '{"a":[1,2,{"b":"c"}]}', 3, {}, [], { a: 1 }]) {
      expect(argumentBoundsViolation(value)).toBeUndefined();
    }
  });
});
