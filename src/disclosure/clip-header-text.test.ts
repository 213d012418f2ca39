import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { utf8ByteLength } from '../util/utf8-byte-length.js';
import { clipHeaderText } from './clip-header-text.js';

describe('clipHeaderText', () => {
  it('keeps text that fits, and cuts longer text at a word boundary with an ellipsis', () => {
    expect(clipHeaderText('Files and folders', 40)).toBe('Files and folders');
    expect(clipHeaderText('Read, write and move files in the allowed directories', 30)).toBe(
      'Read, write and move files…',
    );
  });

  it('never exceeds the budget nor splits a character, whatever the text', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 200 }),
        fc.integer({ min: 3, max: 120 }),
        (text, max) => {
          const clipped = clipHeaderText(text, max);
          expect(utf8ByteLength(clipped)).toBeLessThanOrEqual(Math.max(max, 0));
          // No lone surrogate: the text survives a UTF-8 round trip.
          expect(Buffer.from(clipped, 'utf8').toString('utf8')).toBe(clipped);
          if (utf8ByteLength(text) <= max) expect(clipped).toBe(text);
          else expect(clipped.endsWith('…')).toBe(true);
        },
      ),
      { seed: 112026, numRuns: 300 },
    );
  });
});
