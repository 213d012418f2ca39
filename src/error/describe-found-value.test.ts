import { describe, expect, it } from 'vitest';
import { describeFoundValue } from './describe-found-value.js';
import { SearchIndexSnapshotDamagedError } from './search-index-snapshot-damaged-error.js';
import { SearchIndexSnapshotMismatchError } from './search-index-snapshot-mismatch-error.js';

/** An array nested `depth` deep, made without recursion. */
const nested = (depth: number): unknown => JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`);

describe('describeFoundValue', () => {
  it('quotes short values and describes the rest by type and size', () => {
    expect(describeFoundValue(undefined)).toBe('missing');
    expect(describeFoundValue(null)).toBe('null');
    expect(describeFoundValue('default')).toBe('"default"');
    expect(describeFoundValue(7)).toBe('7');
    expect(describeFoundValue(false)).toBe('false');
    expect(describeFoundValue('x'.repeat(1 << 20))).toBe('a string of 1048576 characters');
    expect(describeFoundValue([1])).toBe('an array of 1 item');
    expect(describeFoundValue(Array(1e6))).toBe('an array of 1000000 items');
    expect(describeFoundValue({ a: 1 })).toBe('an object');
    expect(describeFoundValue(Object.create(null))).toBe('an object');
    expect(describeFoundValue(10n)).toBe('a bigint');
  });

  it('describes a value nested 100,000 deep without walking into it', () => {
    expect(describeFoundValue(nested(100_000))).toBe('an array of 1 item');
  });
});

describe('the snapshot errors', () => {
  it('build short messages from huge or nested values, and keep their fields', () => {
    const damaged = new SearchIndexSnapshotDamagedError({
      path: `index.orama.index.tokenOccurrences.name.${'x'.repeat(10_000)}`,
      actual: nested(100_000),
      expected: '3',
    });
    expect(damaged.message.length).toBeLessThan(500);
    expect(damaged).toMatchObject({ actual: 'an array of 1 item', expected: '3' });
    expect(damaged.path.length).toBeLessThanOrEqual(201);
    expect(SearchIndexSnapshotDamagedError.isInstance(damaged)).toBe(true);
    expect(SearchIndexSnapshotMismatchError.isInstance(damaged)).toBe(false);
    expect(damaged.name).toBe('ToolDisclosureSearchIndexSnapshotDamagedError');

    const mismatch = new SearchIndexSnapshotMismatchError({
      field: 'catalog',
      expected: 'abc',
      actual: 'y'.repeat(1 << 20),
    });
    expect(mismatch.message).toMatch(
      /its catalog is a string of 1048576 characters, expected "abc"/,
    );
    expect(mismatch.message.length).toBeLessThan(500);
    const deep = new SearchIndexSnapshotMismatchError({
      field: 'format',
      expected: 'x',
      actual: nested(100_000),
    });
    expect(deep.message).toMatch(/its format is an array of 1 item/);
  });
});
