import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { utf8ByteLength } from './utf8-byte-length.js';

describe('utf8ByteLength', () => {
  it('counts the bytes of the UTF-8 encoding, ASCII or not, lone surrogates as the replacement character', () => {
    expect(utf8ByteLength('')).toBe(0);
    expect(utf8ByteLength('{"type":"object"}')).toBe(17);
    expect(utf8ByteLength('Zürich 🕒 \u00ff\ud800')).toBe(
      Buffer.byteLength('Zürich 🕒 \u00ff\ud800'),
    );
    const text = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 200 }),
      fc.string({ unit: 'binary', maxLength: 200 }),
      fc.string({ maxLength: 200 }),
    );
    fc.assert(
      fc.property(text, (value) => {
        expect(utf8ByteLength(value)).toBe(Buffer.byteLength(value, 'utf8'));
      }),
      { numRuns: 500 },
    );
  });
});
