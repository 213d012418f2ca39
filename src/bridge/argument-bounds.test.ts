import { describe, expect, it } from 'vitest';
import { utf8ByteLength } from '../util/utf8-byte-length.js';
import {
  argumentBoundsViolation,
  TOOL_ARGUMENTS_MAX_BYTES,
  TOOL_ARGUMENTS_MAX_DEPTH,
} from './argument-bounds.js';

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

  it('answers 100,000 nested brackets, as text or as an object, quickly and without recursion', () => {
    const started = performance.now();
    expect(argumentBoundsViolation('['.repeat(100_000) + ']'.repeat(100_000))?.limit).toBe('depth');
    expect(argumentBoundsViolation(nestedObject(100_000))?.limit).toBe('depth');
    expect(performance.now() - started).toBeLessThan(500);
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

  it('answers a 10 MB string, alone or inside an object, quickly', () => {
    const huge = 'x'.repeat(10_000_000);
    const started = performance.now();
    expect(argumentBoundsViolation(huge)?.limit).toBe('bytes');
    expect(argumentBoundsViolation({ text: huge })?.limit).toBe('bytes');
    expect(argumentBoundsViolation([huge])?.limit).toBe('bytes');
    expect(performance.now() - started).toBeLessThan(200);
  });

  it('stops on a huge array or a wide object as soon as the size is exceeded', () => {
    const sparse = new Array(100_000_000);
    const empties = Array.from({ length: 600_000 }, () => []);
    const started = performance.now();
    expect(argumentBoundsViolation(sparse)?.limit).toBe('bytes');
    expect(argumentBoundsViolation(empties)?.limit).toBe('bytes');
    expect(performance.now() - started).toBeLessThan(1000);
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
