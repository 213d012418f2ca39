import { describe, expect, it } from 'vitest';
import type { NamesOf } from './create-name-mapper.js';
import { keyedByNames, rekeySettings, renameList, renameToolChoice } from './rekey-settings.js';

/** Spellings of two tools and one key that means both (a namespace's key), by the names they mean. */
const spellings: Record<string, string[]> = {
  'mail.send': ['mail.send'],
  mail__send: ['mail.send'],
  'mail.list': ['mail.list'],
  mail__list: ['mail.list'],
  mail: ['mail.send', 'mail.list'],
};
const namesOf: NamesOf = (name) => (Object.hasOwn(spellings, name) ? (spellings[name] ?? []) : []);

describe('rekeySettings', () => {
  it('renames each key to the names it means, a shared key to each of its tools', () => {
    expect(rekeySettings({ mail__list: 1, mail: 2 }, namesOf)).toEqual({
      'mail.list': 2,
      'mail.send': 2,
    });
    // The SDK's own spelling of one tool wins over a key shared with others, in either order.
    expect(rekeySettings({ mail: 2, 'mail.send': 1 }, namesOf)).toEqual({
      'mail.send': 1,
      'mail.list': 2,
    });
    expect(rekeySettings({ 'mail.send': 1, mail: 2 }, namesOf)).toEqual({
      'mail.send': 1,
      'mail.list': 2,
    });
  });

  it("keeps the value written in the SDK's own spelling when two spellings of one tool are present", () => {
    expect(rekeySettings({ 'mail.send': 'exact', mail__send: 'other' }, namesOf)).toEqual({
      'mail.send': 'exact',
    });
    expect(rekeySettings({ mail__send: 'other', 'mail.send': 'exact' }, namesOf)).toEqual({
      'mail.send': 'exact',
    });
  });

  it('gives a key only the names namesOf gives it, none included, and never touches the prototype', () => {
    const proto: NamesOf = (name) => (name === 'x' ? ['__proto__'] : []);
    const rekeyed = rekeySettings({ x: { polluted: true }, unknown: 1 }, proto);
    expect(Object.keys(rekeyed)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(rekeyed)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(rekeySettings(null, namesOf)).toEqual({});
  });
});

describe('renameList', () => {
  it('renames a list of names without repeats', () => {
    expect(renameList(['mail__send', 'mail', 'mail.send', 'nothing'], namesOf)).toEqual([
      'mail.send',
      'mail.list',
    ]);
  });
});

describe('renameToolChoice', () => {
  it('renames a choice of one tool written in another spelling, and leaves any other choice as it is', () => {
    expect(renameToolChoice({ type: 'tool', toolName: 'mail__send' }, namesOf)).toEqual({
      type: 'tool',
      toolName: 'mail.send',
    });
    const exact = { type: 'tool', toolName: 'mail.send' };
    expect(renameToolChoice(exact, namesOf)).toBe(exact);
    // A name that means two tools cannot be one choice: left for ai to refuse.
    const shared = { type: 'tool', toolName: 'mail' };
    expect(renameToolChoice(shared, namesOf)).toBe(shared);
    expect(renameToolChoice('auto', namesOf)).toBe('auto');
  });
});

describe('keyedByNames', () => {
  it('returns the record itself when every key is a name already, else a renamed copy', () => {
    const exact = { 'mail.send': 1 };
    expect(keyedByNames(exact, namesOf)).toBe(exact);
    expect(keyedByNames({ mail__send: 1 }, namesOf)).toEqual({ 'mail.send': 1 });
    const notARecord = () => 'approve';
    expect(keyedByNames(notARecord, namesOf)).toBe(notARecord);
    expect(keyedByNames(undefined, namesOf)).toBeUndefined();
  });
});
