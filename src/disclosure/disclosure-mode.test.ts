import { describe, expect, it } from 'vitest';
import { InvalidOptionError } from '../index.js';
import { resolveDisclosureMode } from './index.js';

function resolve(value: string | undefined, mode?: string) {
  const warnings: string[] = [];
  const resolved = resolveDisclosureMode({
    mode: mode as never,
    environment: { TOOL_DISCLOSURE: value },
    onWarning: (message) => warnings.push(message),
  });
  return { resolved, warnings };
}

describe('resolveDisclosureMode', () => {
  it('defaults to namespaces when the variable is unset or empty', () => {
    expect(resolve(undefined)).toEqual({ resolved: 'namespaces', warnings: [] });
    expect(resolve('')).toEqual({ resolved: 'namespaces', warnings: [] });
    expect(resolve('   ')).toEqual({ resolved: 'namespaces', warnings: [] });
  });

  it('reads every mode from the environment case-insensitively', () => {
    expect(resolve('off').resolved).toBe('off');
    expect(resolve('COMPACT').resolved).toBe('compact');
    expect(resolve('Signatures').resolved).toBe('signatures');
    expect(resolve(' namespaces ').resolved).toBe('namespaces');
    expect(resolve('BRIDGED').resolved).toBe('bridged');
  });

  it('fails closed to off with a warning on an unknown value', () => {
    expect(resolve('everything')).toEqual({
      resolved: 'off',
      warnings: [
        'TOOL_DISCLOSURE="everything" is not one of off, compact, signatures, namespaces, bridged; falling back to "off" (every tool advertised).',
      ],
    });
  });

  it('prefers the option over the environment and rejects an unknown option', () => {
    expect(resolve('off', 'bridged').resolved).toBe('bridged');
    expect(() => resolve(undefined, 'all')).toThrowError(
      'Invalid mode: "all". Expected one of off, compact, signatures, namespaces, bridged.',
    );
    expect(() => resolve(undefined, 'all')).toThrow(
      expect.toSatisfy(InvalidOptionError.isInstance),
    );
  });
});
