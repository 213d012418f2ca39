import { describe, expect, it } from 'vitest';
import { prototypeKey } from './prototype-key.js';

describe('prototypeKey', () => {
  it('finds an own __proto__ at any depth, escaped in the JSON text or not', () => {
    for (const text of [
      '{"__proto__":{"polluted":true}}',
      '{"a":[1,{"b":{"__proto__":null}}]}',
      '[{"\\u005f_proto__":{}}]',
    ]) {
      expect(prototypeKey(JSON.parse(text))).toBe('__proto__');
    }
  });

  it('finds a constructor holding an object with its own prototype, as ai refuses it', () => {
    expect(prototypeKey(JSON.parse('{"x":{"constructor":{"prototype":{"polluted":true}}}}'))).toBe(
      'constructor',
    );
  });

  it('accepts keys that only look alike, and constructor values ai accepts', () => {
    for (const text of [
      '{"proto":1,"__proto":2,"prototype":{}}',
      '{"constructor":"Ada"}',
      '{"constructor":{"name":"Ada"}}',
      '{"constructor":null}',
      '"__proto__"',
      'null',
    ]) {
      expect(prototypeKey(JSON.parse(text))).toBeUndefined();
    }
  });

  it('ends on objects that refer to themselves', () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    expect(prototypeKey(cyclic)).toBeUndefined();
  });
});
