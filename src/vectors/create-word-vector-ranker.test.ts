import { describe, expect, it } from 'vitest';
import { createCatalog } from '../catalog/create-catalog.js';
import type { ToolDefinition } from '../catalog/tool-definition.js';
import { createOramaRanker } from '../search/create-orama-ranker.js';
import { rankerConformanceSuite } from '../search/ranker-conformance.case.js';
import { createWordVectorRanker } from './create-word-vector-ranker.js';

rankerConformanceSuite(createWordVectorRanker);

const definitions: ToolDefinition[] = [
  { name: 'homes__find_rentals', description: 'Find houses to rent in a city.' },
  { name: 'mail__send', description: 'Send an email to a recipient.' },
  { name: 'calendar__create_event', description: 'Create an event in a calendar.' },
];

describe('createWordVectorRanker', () => {
  it('answers a request no tool shares a word with by the nearest catalog words, marked weak', async () => {
    const { entries } = await createCatalog({ definitions });
    const index = await createWordVectorRanker().createIndex(entries);
    const [first] = await index.search('studio apartment', 3);
    expect(first?.entry.id).toBe('homes.find_rentals');
    expect(first?.weak).toBe(true);
    const plain = await createOramaRanker({ wordVectors: false }).createIndex(entries);
    expect(await plain.search('studio apartment', 3)).toEqual([]);
    expect(await index.search('send an email', 3)).toEqual(await plain.search('send an email', 3));
    // The default ranker reads the same table when a request first needs it, in Node.
    const lazy = await createOramaRanker().createIndex(entries);
    for (const query of ['studio apartment', 'send an email']) {
      expect(await lazy.search(query, 3)).toEqual(await index.search(query, 3));
    }
  });

  it('is named after the default ranker with its settings, before its table loads', () => {
    const ranker = createWordVectorRanker({ relevanceFloor: 0.5 });
    expect(ranker.name).toBe(`${createOramaRanker({ relevanceFloor: 0.5 }).name}+vectors`);
  });
});
