import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sameJsonValue } from './same-json-value.js';

const parse = (value: unknown) => JSON.parse(JSON.stringify(value) ?? 'null');

describe('sameJsonValue', () => {
  it('is true for a value equal to the one its text was parsed from', () => {
    const schema = {
      type: 'object',
      properties: { q: { type: 'string', enum: ['a', 'b'] }, n: { type: 'number', minimum: -0 } },
      required: ['q'],
      additionalProperties: false,
    };
    expect(sameJsonValue(structuredClone(schema), parse(schema))).toBe(true);
  });

  it.each([
    ['a changed string', { a: 'x' }, { a: 'y' }],
    ['a changed number', { a: 1 }, { a: 2 }],
    ['another key order', { a: 1, b: 2 }, { b: 2, a: 1 }],
    ['a key added', { a: 1 }, { a: 1, b: 2 }],
    ['a key removed', { a: 1, b: 2 }, { a: 1 }],
    ['an array grown', [1, 2], [1, 2, 3]],
    ['an array for an object', { 0: 'a' }, ['a']],
    ['an object for an array', ['a'], { 0: 'a' }],
    ['null for an object', { a: null }, { a: {} }],
  ])('is false for %s', (_, before, now) => {
    expect(sameJsonValue(now, parse(before))).toBe(false);
  });

  it.each([
    ['an undefined property (JSON leaves it out)', { a: 1, b: undefined }, { a: 1 }],
    ['a function property', { a: 1, f: () => 1 }, { a: 1 }],
    ['NaN (JSON writes null)', { a: Number.NaN }, { a: null }],
    ['a toJSON', { toJSON: () => ({ a: 1 }) }, { a: 1 }],
    ['a Date', { at: new Date(0) }, { at: new Date(0).toJSON() }],
    ['an undefined element (JSON writes null)', [1, undefined, 3], [1, null, 3]],
  ])('leaves %s to serialization (false, however it serializes)', (_, now, before) => {
    expect(sameJsonValue(now, parse(before))).toBe(false);
  });

  it('is false, not thrown, for a getter that throws', () => {
    const value = {
      get a(): never {
        throw new Error('no');
      },
    };
    expect(sameJsonValue(value, { a: 1 })).toBe(false);
  });

  it('is true only where JSON.stringify writes the same text', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (before, now) => {
        if (sameJsonValue(now, parse(before))) {
          expect(JSON.stringify(now)).toBe(JSON.stringify(before));
        }
        expect(sameJsonValue(structuredClone(before), parse(before))).toBe(
          JSON.stringify(parse(before)) === JSON.stringify(before),
        );
      }),
    );
  });
});
