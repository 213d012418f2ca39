import { describe, expect, it } from 'vitest';
import { jsonByteLength, rememberJsonText } from './json-byte-length.js';

describe('jsonByteLength', () => {
  it('is the UTF-8 byte length of the JSON text, for objects and other values', () => {
    const schema = { type: 'object', description: 'Zeit in Zürich 🕒' };
    expect(jsonByteLength(schema)).toBe(Buffer.byteLength(JSON.stringify(schema), 'utf8'));
    expect(jsonByteLength(true)).toBe(4);
    expect(jsonByteLength('é')).toBe(4);
    expect(jsonByteLength(undefined)).toBe(0);
  });

  it('measures an object once, and takes a serialization made elsewhere as its length', () => {
    const schema: Record<string, unknown> = { type: 'object' };
    expect(jsonByteLength(schema)).toBe(17);
    schema.properties = { query: { type: 'string' } };
    expect(jsonByteLength(schema)).toBe(17);
    const read = { type: 'string' };
    rememberJsonText(read, JSON.stringify(read));
    expect(jsonByteLength(read)).toBe(17);
  });
});
