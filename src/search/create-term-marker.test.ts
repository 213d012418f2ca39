import { describe, expect, it } from 'vitest';
import { createTermMarker, maskWord } from './create-term-marker.js';

describe('createTermMarker', () => {
  it("voids the previous request's marks without clearing them", () => {
    const marker = createTermMarker(4);
    const first = marker.begin(3);
    first.stamps[2] = first.generation;
    first.masks[2] = 0b101;
    expect(maskWord(first, 2, 0)).toBe(0b101);
    const second = marker.begin(1);
    expect(maskWord(second, 2, 0)).toBe(0);
  });

  it('gives a request of more than 32 terms several words per tool, void from request to request', () => {
    const marker = createTermMarker(4);
    const marks = marker.begin(40);
    expect(marks.width).toBe(2);
    marks.stamps[3] = marks.generation;
    marks.masks[3 * 2 + 1] = 1 << 7;
    expect(maskWord(marks, 3, 1)).toBe(1 << 7);
    expect(maskWord(marks, 3, 0)).toBe(0);
    const next = marker.begin(70);
    expect(next.width).toBe(3);
    expect([0, 1, 2].map((word) => maskWord(next, 3, word))).toEqual([0, 0, 0]);
    expect(marker.begin(40).masks).toBe(next.masks);
  });
});
