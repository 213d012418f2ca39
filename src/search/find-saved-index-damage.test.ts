import { describe, expect, it } from 'vitest';
import { createCatalog } from '../catalog/create-catalog.js';
import { SearchIndexSnapshotDamagedError } from '../error/search-index-snapshot-damaged-error.js';
import { createOramaRanker } from './create-orama-ranker.js';
import { findSavedIndexDamage } from './find-saved-index-damage.js';

const { entries } = await createCatalog({
  definitions: [
    { name: 'gmail__send_message', description: 'Send an email to a recipient.' },
    { name: 'slack__post_message', description: 'Post a message to a channel.' },
    { name: 'stripe__create_refund', description: 'Refund a charge.' },
  ],
});
const ranker = createOramaRanker();
const written = JSON.stringify(ranker.saveIndex?.(await ranker.createIndex(entries)));

// biome-ignore lint/suspicious/noExplicitAny: damage reaches into the saved data's untyped layout.
type Writable = any;

/** A parsed copy of the saved index, with `damage` done to it (or what `damage` returns instead). */
function saved(damage: (data: Writable) => unknown = () => undefined): unknown {
  const data = JSON.parse(written);
  return damage(data) ?? data;
}

const damages: [name: string, damage: (data: Writable) => unknown, path: string, actual: RegExp][] =
  [
    ['not an object', () => 'index', 'index', /^"index"$/],
    ['an array', () => [], 'index', /^an array of 0 items$/],
    [
      'another version',
      (data) => {
        data.version = '1';
      },
      'index.version',
      /^"1"$/,
    ],
    [
      'a fractional count',
      (data) => {
        data.tools = 2.5;
      },
      'index.tools',
      /^2\.5$/,
    ],
    [
      'a negative count',
      (data) => {
        data.tools = -1;
      },
      'index.tools',
      /^-1$/,
    ],
    [
      'ids as an object',
      (data) => {
        data.orama.internalDocumentIDStore.internalIdToId = { 0: 'a' };
      },
      'index.orama.internalDocumentIDStore.internalIdToId',
      /^an object$/,
    ],
    [
      'a number for an id',
      (data) => {
        data.orama.internalDocumentIDStore.internalIdToId[1] = 5;
      },
      'index.orama.internalDocumentIDStore.internalIdToId.1',
      /^5$/,
    ],
    [
      'a document of null',
      (data) => {
        data.orama.docs.docs['3'] = null;
      },
      'index.orama.docs.docs.3',
      /^null$/,
    ],
    [
      'a text removed',
      (data) => {
        delete data.orama.docs.docs['2'].description;
      },
      'index.orama.docs.docs.2.description',
      /^missing$/,
    ],
    [
      'a length as a string',
      (data) => {
        const lengths = data.orama.index.fieldLengths.name;
        lengths['1'] = String(lengths['1']);
      },
      'index.orama.index.fieldLengths.name.1',
      /^"\d+"$/,
    ],
    [
      'an average off in its last bit',
      (data) => {
        data.orama.index.avgFieldLength.description *= 1 + Number.EPSILON;
      },
      'index.orama.index.avgFieldLength.description',
      /^[\d.]+$/,
    ],
    [
      'the term occurrences of a field removed',
      (data) => {
        delete data.orama.index.tokenOccurrences.alias;
      },
      'index.orama.index.tokenOccurrences.alias',
      /^missing$/,
    ],
  ];

describe('findSavedIndexDamage', () => {
  it('passes a saved index as written, over its number of tools, and loads it', async () => {
    expect(findSavedIndexDamage(saved())).toBeUndefined();
    expect(findSavedIndexDamage(saved(), entries.length)).toBeUndefined();
    await expect(ranker.loadIndex?.(saved(), entries)).resolves.toBeDefined();
  });

  it.each(damages)('finds %s', async (_name, damage, path, actual) => {
    const found = findSavedIndexDamage(saved(damage));
    expect(SearchIndexSnapshotDamagedError.isInstance(found)).toBe(true);
    expect(found?.path).toBe(path);
    expect(found?.actual).toMatch(actual);
    // The ranker's load refuses it with the same error.
    await expect(ranker.loadIndex?.(saved(damage), entries)).rejects.toMatchObject({ path });
  });

  it('compares the count with the tools indexed only when it is given', () => {
    const data = saved();
    expect(findSavedIndexDamage(data)).toBeUndefined();
    expect(findSavedIndexDamage(data, 4)).toMatchObject({ path: 'index.tools', actual: '3' });
  });

  it('reads no prototype member through keys of the data', () => {
    const polluted = saved((data) => {
      data.orama.docs.docs = JSON.parse(
        `{"__proto__": {"1": {}}, ${JSON.stringify(data.orama.docs.docs).slice(1)}`,
      );
    });
    expect(findSavedIndexDamage(polluted, 3)).toBeUndefined();
    const onlyPrototype = saved((data) => {
      data.orama.docs.docs = JSON.parse('{"__proto__": {"1": {"id": "x"}}}');
    });
    expect(findSavedIndexDamage(onlyPrototype)).toMatchObject({
      path: 'index.orama.docs.docs.1',
      actual: 'missing',
    });
  });

  it('checks a count of a billion, or a million ids, without walking them', () => {
    const started = performance.now();
    const billion = saved((data) => {
      data.tools = 1e9;
    });
    expect(findSavedIndexDamage(billion)).toMatchObject({
      path: 'index.orama.internalDocumentIDStore.internalIdToId',
    });
    const million = saved((data) => {
      data.tools = 1e6;
      data.orama.internalDocumentIDStore.internalIdToId = Array(1e6).fill('x');
    });
    expect(findSavedIndexDamage(million)).toMatchObject({ path: 'index.orama.docs.docs.1.id' });
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
