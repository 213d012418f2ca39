import { describe, expect, it } from 'vitest';
import { CliUsageError } from './cli-usage-error.js';
import { parseChoice } from './parse-command-line.js';

describe('parseChoice', () => {
  it('returns a listed value, and undefined for an absent flag', () => {
    expect(parseChoice('--mode', 'compact', ['off', 'compact'])).toBe('compact');
    expect(parseChoice('--mode', undefined, ['off', 'compact'])).toBeUndefined();
  });

  it('refuses any other value with a usage error that lists the choices', () => {
    const error = (() => {
      try {
        return parseChoice('--mode', 'fast', ['off', 'compact']);
      } catch (caught) {
        return caught;
      }
    })();
    expect(CliUsageError.isInstance(error)).toBe(true);
    expect((error as Error).message).toBe('--mode must be one of off, compact, got "fast"');
  });
});
