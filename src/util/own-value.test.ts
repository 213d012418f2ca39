import { describe, expect, it } from 'vitest';
import { ownValue } from './own-value.js';

describe('ownValue', () => {
  it('reads own properties only', () => {
    const record: Record<string, number> = { a: 1 };
    expect(ownValue(record, 'a')).toBe(1);
    expect(ownValue(record, 'constructor')).toBeUndefined();
    expect(ownValue(record, '__proto__')).toBeUndefined();
  });

  it('reads an own __proto__ key as data', () => {
    const record = JSON.parse('{"__proto__": 2}') as Record<string, number>;
    expect(ownValue(record, '__proto__')).toBe(2);
  });

  it('is undefined for no record', () => {
    expect(ownValue(undefined, 'a')).toBeUndefined();
    expect(ownValue(null, 'a')).toBeUndefined();
  });
});
