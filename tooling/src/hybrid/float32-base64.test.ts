import { describe, expect, it } from 'vitest';
import { decodeFloat32Base64, encodeFloat32Base64 } from './float32-base64.js';

describe('encodeFloat32Base64', () => {
  it('round-trips float32 values exactly, in 4 bytes each', () => {
    const vector = Float32Array.from({ length: 1536 }, (_, index) => Math.sin(index) / 7);
    const text = encodeFloat32Base64(vector);
    expect(text).toHaveLength(Math.ceil((1536 * 4) / 3) * 4);
    expect(decodeFloat32Base64(text)).toEqual(vector);
    expect(encodeFloat32Base64(Float32Array.of(1, -0.5))).toBe('AACAPwAAAL8=');
  });

  it('reads anything else as no vector', () => {
    for (const text of ['', 'not base64!', 'AAA=', btoa('abcde')]) {
      expect(decodeFloat32Base64(text), text).toBeUndefined();
    }
  });
});
