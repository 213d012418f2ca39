import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contentDigest, portableContentDigest } from './content-digest.js';

describe('contentDigest', () => {
  it('is the SHA-256 of the UTF-8 bytes, as lowercase hex', () => {
    expect(contentDigest('')).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
    expect(contentDigest('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    expect(portableContentDigest('abc')).toBe(contentDigest('abc'));
  });

  it('gives the same bytes in Node as in edge runtimes, lone surrogates included', () => {
    const text = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 200 }),
      fc.string({ unit: 'binary', maxLength: 200 }),
      fc
        .array(fc.integer({ min: 0xd800, max: 0xdfff }))
        .map((units) => String.fromCharCode(...units, 0x61)),
    );
    fc.assert(
      fc.property(text, (value) => {
        expect(contentDigest(value)).toBe(portableContentDigest(value));
      }),
      { numRuns: 500 },
    );
  });
});
