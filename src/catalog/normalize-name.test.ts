import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeLocalName, normalizeNamespace } from './normalize-name.js';

/** The normalizations as they read without their shortcut for names already safe. */
const slowNamespace = (raw: string) => {
  const safe = raw.trim().replace(/[^\p{L}\p{N}_-]+/gu, '_');
  return safe.length <= 64 ? safe : Array.from(safe).slice(0, 64).join('');
};
const slowLocalName = (raw: string) =>
  raw
    .trim()
    .replaceAll('/', '.')
    .replace(/[\s\p{Cc}\p{Cf}]+/gu, '_');

describe('normalizeNamespace and normalizeLocalName', () => {
  it('normalize any name as they would without their shortcut', () => {
    const unit = fc.constantFrom(
      'a',
      'Z',
      '0',
      '_',
      '-',
      '.',
      '/',
      ' ',
      '\n',
      '\u202E',
      'é',
      '\u{1F600}',
    );
    const name = fc.array(unit, { maxLength: 70 }).map((units) => units.join(''));
    fc.assert(
      fc.property(name, (raw) => {
        expect(normalizeNamespace(raw)).toBe(slowNamespace(raw));
        expect(normalizeLocalName(raw)).toBe(slowLocalName(raw));
      }),
    );
  });

  it('leave safe names as they are', () => {
    expect(normalizeNamespace('google-calendar')).toBe('google-calendar');
    expect(normalizeLocalName('repos.create_issue')).toBe('repos.create_issue');
    expect(normalizeNamespace('my ns')).toBe('my_ns');
    expect(normalizeLocalName(' repos/create ')).toBe('repos.create');
  });
});
