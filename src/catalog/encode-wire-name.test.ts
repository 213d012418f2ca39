import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeDots } from './encode-wire-name.js';
import { encodeWireName, WIRE_NAME_PATTERN } from './index.js';

describe('encodeWireName', () => {
  it('encodes dots as double underscores', () => {
    expect(encodeWireName('google-calendar.list_events')).toBe('google-calendar__list_events');
    expect(encodeWireName('github.repos.create')).toBe('github__repos__create');
  });

  it('keeps names of exactly 64 characters and shortens longer ones with a stable hash', () => {
    const exact = `ns.${'a'.repeat(59)}`;
    expect(encodeWireName(exact)).toBe(`ns__${'a'.repeat(59)}`);
    expect(encodeWireName(exact)).toHaveLength(63);
    const long = `analytics.${'very_long_action_name_'.repeat(4)}`;
    const wire = encodeWireName(long);
    expect(wire).toHaveLength(64);
    expect(wire).toMatch(WIRE_NAME_PATTERN);
    expect(wire.slice(0, 55)).toBe('analytics__very_long_action_name_very_long_action_name_');
    expect(wire).toBe(encodeWireName(long));
    expect(wire).toMatchInlineSnapshot(
      `"analytics__very_long_action_name_very_long_action_name__8b870ce4"`,
    );
  });

  it('gives distinct long ids with a shared prefix distinct wire names', () => {
    const prefix = `warehouse.${'x'.repeat(60)}`;
    expect(encodeWireName(`${prefix}_a`)).not.toBe(encodeWireName(`${prefix}_b`));
  });

  it('replaces characters providers reject and adds a hash so lossy names stay distinct', () => {
    const cafe = encodeWireName('menu.café');
    const cafe2 = encodeWireName('menu.cafè');
    expect(cafe).toMatch(WIRE_NAME_PATTERN);
    expect(cafe.startsWith('menu__caf__')).toBe(true);
    expect(cafe).not.toBe(cafe2);
    expect(encodeWireName('files.read file')).toMatch(/^files__read_file_[0-9a-f]{8}$/);
  });
});

describe('encodeDots', () => {
  it('replaces every dot with two underscores, whatever the number of dots', () => {
    const unit = fc.constantFrom('a', '.', '_', '\u{1F600}');
    const id = fc.array(unit, { maxLength: 12 }).map((units) => units.join(''));
    fc.assert(
      fc.property(id, (text) => {
        expect(encodeDots(text)).toBe(text.split('.').join('__'));
      }),
    );
  });
});
