import { describe, expect, it } from 'vitest';
import type { CatalogEntry } from '../catalog/catalog-entry.js';
import { createCatalog } from '../catalog/create-catalog.js';
import type { ToolDefinition } from '../catalog/tool-definition.js';
import { compareByteOrder } from '../util/compare-byte-order.js';
import type { RankedTool, Ranker } from './ranker.js';

// Fixtures are chosen so that, for every pair of tools, canonical-id order and
// wire-name order agree (`ns.local` against `ns__local`, with no namespace a
// prefix of another), so rankers breaking ties by either rule pass alike.
// No description contains a word that any prototype-member query could match
// (`to`, `string`, `proto`, `constructor`, `has`, `own`, `property`, `prototype`).

const services: ToolDefinition[] = [
  { name: 'calendar__create_event', description: 'Create an event in a calendar' },
  { name: 'calendar__list_events', description: 'List upcoming events in a calendar' },
  { name: 'weather__get_forecast', description: 'Get the weather forecast for a city' },
  { name: 'mail__send_message', description: 'Send an email message from the mailbox' },
  { name: 'repo__create_issue', description: 'Open an issue in a repository' },
  { name: 'repo__delete_branch', description: 'Remove a branch from a repository' },
];

/** Fifteen tools that differ only by their number: every query ties them all. */
const widgets: ToolDefinition[] = Array.from({ length: 15 }, (_, index) => ({
  name: `inventory__widget_${String(index + 1).padStart(2, '0')}`,
  description: 'Track widget stock on a shelf',
}));

const deniedId = 'repo.delete_branch';
const deniedWireName = 'repo__delete_branch';
/** Shaped like the denied name but never in any catalog. */
const neverExistingWireName = 'repo__rename_branch';

const prototypeNames = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'prototype'];

async function entriesOf(definitions: readonly ToolDefinition[]) {
  return (await createCatalog({ definitions })).entries;
}

function idsOf(results: readonly RankedTool[]): string[] {
  return results.map((result) => result.entry.id);
}

function summaryOf(results: readonly RankedTool[]) {
  return results.map((result) => ({ id: result.entry.id, score: result.score }));
}

/** Best first: descending score, equal scores in canonical-id byte order. */
function expectRankedOrder(results: readonly RankedTool[]) {
  for (let index = 1; index < results.length; index++) {
    const previous = results[index - 1] as RankedTool;
    const current = results[index] as RankedTool;
    expect(previous.score).toBeGreaterThanOrEqual(current.score);
    if (previous.score === current.score) {
      expect(compareByteOrder(previous.entry.id, current.entry.id)).toBeLessThan(0);
    }
  }
}

function expectOnlyFrom(results: readonly RankedTool[], entries: readonly CatalogEntry[]) {
  for (const result of results) {
    expect(entries).toContain(result.entry);
    expect(Number.isFinite(result.score)).toBe(true);
  }
}

/**
 * The behaviour every ranker must have, whatever its scoring. Each ranker's
 * test file calls this with its factory, so rankers stay interchangeable.
 *
 * @example
 * rankerConformanceSuite(createBm25Ranker);
 */
export function rankerConformanceSuite(createRanker: () => Ranker): void {
  const rankerName = createRanker().name;

  describe(`ranker conformance: ${rankerName}`, () => {
    it('has a stable name', () => {
      expect(rankerName).toMatch(/^\S+$/);
      expect(createRanker().name).toBe(rankerName);
    });

    it('ranks first the tool whose distinctive words the query names', async () => {
      const entries = await entriesOf(services);
      const index = await createRanker().createIndex(entries);
      const cases = [
        ['weather forecast', 'weather.get_forecast'],
        ['send email message', 'mail.send_message'],
        ['upcoming events', 'calendar.list_events'],
      ] as const;
      for (const [query, expectedId] of cases) {
        const results = await index.search(query, 10);
        expect(results[0]?.entry.id, query).toBe(expectedId);
        expectOnlyFrom(results, entries);
      }
    });

    it('returns at most `limit` results', async () => {
      const entries = await entriesOf(widgets);
      const index = await createRanker().createIndex(entries);
      expect(await index.search('widget', 50)).toHaveLength(15);
      expect(await index.search('widget', 10)).toHaveLength(10);
      expect(await index.search('widget', 1)).toHaveLength(1);

      const serviceIndex = await createRanker().createIndex(await entriesOf(services));
      const all = await serviceIndex.search('calendar event', 10);
      expect(all.length).toBeGreaterThanOrEqual(2);
      expect(summaryOf(await serviceIndex.search('calendar event', 1))).toEqual(
        summaryOf(all.slice(0, 1)),
      );
    });

    it('sorts by descending score, then by canonical id', async () => {
      const index = await createRanker().createIndex(await entriesOf(services));
      for (const query of ['create calendar event', 'repository issue branch', 'events email']) {
        const results = await index.search(query, 10);
        expect(results.length, query).toBeGreaterThanOrEqual(2);
        expectRankedOrder(results);
      }
    });

    it('breaks ties between textually identical tools by canonical id', async () => {
      const entries = await entriesOf(widgets);
      const index = await createRanker().createIndex(entries);
      const results = await index.search('track widget stock', 3);
      expect(idsOf(results)).toEqual([
        'inventory.widget_01',
        'inventory.widget_02',
        'inventory.widget_03',
      ]);
      expect(new Set(results.map((result) => result.score)).size).toBe(1);
    });

    it('is deterministic and independent of the input order', async () => {
      const entries = await entriesOf([...services, ...widgets]);
      const reordered = [...entries].reverse();
      reordered.push(reordered.shift() as CatalogEntry);
      const forward = await createRanker().createIndex(entries);
      const backward = await createRanker().createIndex(reordered);
      for (const query of ['create calendar event', 'widget', 'repository issue', 'forecast']) {
        const first = summaryOf(await forward.search(query, 10));
        expect(first.length, query).toBeGreaterThan(0);
        expect(summaryOf(await forward.search(query, 10)), query).toEqual(first);
        expect(summaryOf(await backward.search(query, 10)), query).toEqual(first);
      }
    });

    it('never returns a tool left out of the index, nor lets it shape the ranking', async () => {
      const entries = await entriesOf(services);
      const allowed = entries.filter((entry) => entry.id !== deniedId);
      expect(allowed).toHaveLength(entries.length - 1);
      const index = await createRanker().createIndex(allowed);
      const denied = entries.find((entry) => entry.id === deniedId) as CatalogEntry;

      for (const query of [deniedWireName, deniedId, denied.description, 'branch', 'remove']) {
        const results = await index.search(query, 50);
        expect(idsOf(results), query).not.toContain(deniedId);
        expectOnlyFrom(results, allowed);
      }
      // Asking for the denied tool by name is indistinguishable from asking for a
      // tool that never existed.
      expect(summaryOf(await index.search(deniedWireName, 10))).toEqual(
        summaryOf(await index.search(neverExistingWireName, 10)),
      );
      // And the index ranks exactly as one built from a catalog that never had it.
      const neverHad = await createRanker().createIndex(
        await entriesOf(services.filter((definition) => definition.name !== deniedWireName)),
      );
      for (const query of ['repository', 'create calendar event', deniedWireName]) {
        expect(summaryOf(await index.search(query, 10)), query).toEqual(
          summaryOf(await neverHad.search(query, 10)),
        );
      }
    });

    it('returns no results for a query that matches nothing', async () => {
      const index = await createRanker().createIndex(await entriesOf([...services, ...widgets]));
      expect(await index.search('zzqx wvvy', 10)).toEqual([]);
      expect(await index.search('zzqx', 10)).toEqual([]);
    });

    it('returns no results for an empty or whitespace query', async () => {
      const index = await createRanker().createIndex(await entriesOf(services));
      for (const query of ['', ' ', '   ', '\t\n']) {
        expect(await index.search(query, 10), JSON.stringify(query)).toEqual([]);
      }
    });

    it('returns no results from an empty catalog', async () => {
      const index = await createRanker().createIndex([]);
      expect(await index.search('weather forecast', 10)).toEqual([]);
      expect(await index.search('', 10)).toEqual([]);
    });

    it('treats prototype member names as plain words', async () => {
      const index = await createRanker().createIndex(await entriesOf([...services, ...widgets]));
      for (const query of prototypeNames) {
        expect(await index.search(query, 10), query).toEqual([]);
      }
      expect(await index.search(prototypeNames.join(' '), 10)).toEqual([]);
    });
  });
}
