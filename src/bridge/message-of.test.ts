import { describe, expect, it } from 'vitest';
import { messageOf } from './message-of.js';

describe('messageOf', () => {
  it("takes an error's message, else its name, else the value as JSON or text", () => {
    expect(messageOf(new Error('disk full'))).toBe('disk full');
    expect(messageOf(new TypeError(''))).toBe('TypeError');
    expect(messageOf('plain text')).toBe('plain text');
    expect(messageOf({ code: 7 })).toBe('{"code":7}');
    expect(messageOf(10n)).toBe('10');
    expect(messageOf(Symbol('s'))).toBe('Symbol(s)');
    expect(messageOf(undefined)).toBe('undefined');
  });

  it('never throws, whatever was thrown', () => {
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(messageOf(cycle)).toBe('a value that cannot be shown as text');
    const hostile = Object.create(null, {
      toJSON: {
        value: () => {
          throw new Error('no');
        },
      },
    });
    expect(messageOf(hostile)).toBe('a value that cannot be shown as text');
  });
});
