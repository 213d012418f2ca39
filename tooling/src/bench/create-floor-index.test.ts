import type { ToolDefinition } from 'tool-disclosure/catalog';
import { createCatalog } from 'tool-disclosure/catalog';
import type { RankedTool } from 'tool-disclosure/search';
import { compareByteOrder } from 'tool-disclosure/util';
import { describe, expect, it } from 'vitest';
import { generateDistractors } from '../eval/generate-distractors.js';
import { createFloorIndex } from './create-floor-index.js';

const services: ToolDefinition[] = [
  { name: 'calendar__create_event', description: 'Create an event in a calendar' },
  { name: 'calendar__list_events', description: 'List upcoming events in a calendar' },
  {
    name: 'weather__get_forecast',
    description: 'Get the weather forecast',
    parameters: {
      type: 'object',
      properties: { city: { type: 'string', description: 'A municipality name' } },
    },
  },
  { name: 'mail__send_message', description: 'Send an email message from the mailbox' },
  { name: 'repo__createPullRequest', description: 'Open a change for review' },
];

async function floorOf(definitions: readonly ToolDefinition[]) {
  return createFloorIndex((await createCatalog({ definitions })).entries);
}

const ids = (results: readonly RankedTool[]) => results.map((result) => result.entry.id);

describe('createFloorIndex', () => {
  it('ranks by BM25 over name words, description, parameter names and descriptions', async () => {
    const floor = await floorOf(services);
    expect(ids(await floor.search('send an email', 10))).toEqual(['mail.send_message']);
    expect(ids(await floor.search('forecast for the city', 10))).toEqual(['weather.get_forecast']);
    // A parameter's description is indexed; stemming joins "municipalities" and "municipality".
    expect(ids(await floor.search('municipalities', 10))).toEqual(['weather.get_forecast']);
    // Identifiers are split into words.
    expect(ids(await floor.search('pull request', 10))).toEqual(['repo.createPullRequest']);
    const calendar = await floor.search('calendar events', 10);
    expect(ids(calendar).sort()).toEqual(['calendar.create_event', 'calendar.list_events']);
  });

  it('returns nothing for stop words, unknown words or an empty query, and honours the limit', async () => {
    const floor = await floorOf(services);
    expect(await floor.search('the of and', 10)).toEqual([]);
    expect(await floor.search('zeppelin', 10)).toEqual([]);
    expect(await floor.search('', 10)).toEqual([]);
    expect(await floor.search('calendar', 0)).toEqual([]);
    expect(await floor.search('calendar', 1)).toHaveLength(1);
  });

  it('keeps the top k of a full sort: descending score, ties in canonical-id byte order', async () => {
    const floor = await floorOf(generateDistractors(300));
    for (const query of [
      'records',
      'snapshot manifest',
      'verify checksum audit log',
      'cursor id',
    ]) {
      const all = await floor.search(query, 1000);
      const expected = [...all].sort(
        (left, right) =>
          right.score - left.score || compareByteOrder(left.entry.id, right.entry.id),
      );
      expect(ids(all)).toEqual(ids(expected));
      for (const limit of [1, 3, 10, 25]) {
        expect(ids(await floor.search(query, limit))).toEqual(ids(expected.slice(0, limit)));
      }
    }
  });

  it('gives the same results when searched again (no score left over between searches)', async () => {
    const floor = await floorOf(generateDistractors(50));
    const first = await floor.search('archive record batch', 10);
    await floor.search('record', 10);
    expect(await floor.search('archive record batch', 10)).toEqual(first);
  });
});
