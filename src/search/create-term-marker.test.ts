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

  it('gives a request of more than 32 terms words of its own', () => {
    const marks = createTermMarker(4).begin(40);
    expect(marks.width).toBe(2);
    marks.masks[3 * 2 + 1] = 1 << 7;
    expect(maskWord(marks, 3, 1)).toBe(1 << 7);
    expect(maskWord(marks, 3, 0)).toBe(0);
  });
});
