import { jsonSchema, type Tool, tool } from 'ai';
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { snapshotToolSearchIndex } from '../../src/bridge.js';
import { createToolDisclosureCache, type ToolDisclosureOptions } from '../../src/index.js';
import { countingRanker } from '../../src/search/counting-ranker.case.js';
import type { Kind } from '../../src/wrap/scripted-model.case.js';
import { searchThroughWrapper } from '../search-through-wrapper.case.js';

import { assertProperty, propertyRuns, propertyTimeout } from './property-runs.js';

/**
 * A damaged `searchIndex` snapshot never breaks search (issue 28, item 5).
 * A valid snapshot, written as JSON and parsed, is damaged at random: fields
 * deleted, replaced by other JSON, truncated, numbers changed, types changed,
 * values nested 50,000 deep or made large, one to three times, mostly where a
 * load reads (header, counts, ids, documents, lengths, term occurrences) and
 * sometimes where it does not (Orama's trees and frequencies). Two searches
 * through the public generateText or streamText then never throw and return
 * exactly what they return without a snapshot, and the snapshot is either
 * loaded without a warning or not used, the index built once, with one warning.
 */

const descriptions: Record<string, string> = {
  'gmail.send_message': 'Send an email message to a recipient.',
  'gmail.list_messages': 'List the email messages in the inbox.',
  'slack.post_message': 'Post a message to a Slack channel.',
  'stripe.create_refund': 'Refund a charge to the customer.',
  'calendar.create_event': 'Create a calendar event with attendees.',
  'github.create_issue': 'Open an issue in a repository.',
  'drive.upload_file': 'Upload a file to a folder.',
};

function createTools(): Record<string, Tool> {
  return Object.fromEntries(
    Object.entries(descriptions).map(([name, description]) => [
      name,
      tool({
        description,
        inputSchema: jsonSchema({
          type: 'object',
          properties: {
            recipient: { type: 'string', description: 'Who receives it.' },
            amount: { type: 'number', description: 'How much, in cents.' },
          },
          required: ['recipient'],
        }),
        execute: async () => 'done',
      }),
    ]),
  );
}

const options = { maxTools: 2, environment: {} } satisfies ToolDisclosureOptions;
const queries = [
  'send an email',
  'refund a charge to the customer',
  'post to slack',
  'upload a file',
  'recipient amount',
  'calendar event attendees',
];

/** What searches through the public entry point returned, in order, and the warnings. */
function search(kind: Kind, searches: readonly string[], toolDisclosure: ToolDisclosureOptions) {
  return searchThroughWrapper(kind, createTools(), searches, { ...options, ...toolDisclosure });
}

const written = JSON.stringify(await snapshotToolSearchIndex({ tools: createTools() }, options));

/** Each query's `tool_search` result without a snapshot, by entry point. */
const fresh: Record<Kind, Map<string, string>> = { generateText: new Map(), streamText: new Map() };
for (const kind of ['generateText', 'streamText'] as const) {
  const { results } = await search(kind, queries, { cache: createToolDisclosureCache() });
  for (const [at, query] of queries.entries()) fresh[kind].set(query, results[at] as string);
}

type Key = string | number;

/** Every path in the parsed snapshot (walked without recursion), split by whether a load reads it. */
function pathsOf(root: unknown): { read: Key[][]; unread: Key[][] } {
  const read: Key[][] = [];
  const unread: Key[][] = [];
  const stack: [unknown, Key[]][] = [[root, []]];
  while (stack.length > 0) {
    const [value, path] = stack.pop() as [unknown, Key[]];
    if (path.length > 0) (isRead(path) ? read : unread).push(path);
    if (typeof value !== 'object' || value === null) continue;
    for (const [key, child] of Object.entries(value)) {
      stack.push([child, [...path, Array.isArray(value) ? Number(key) : key]]);
    }
  }
  return { read, unread };
}

function isRead(path: readonly Key[]): boolean {
  if (path[0] !== 'index') return true;
  if (path.length === 2 || path[1] !== 'orama') return path.length <= 2;
  const [, , part, inner] = path;
  if (path.length === 3) return true;
  if (part === 'internalDocumentIDStore' || part === 'docs') return true;
  if (part !== 'index') return false;
  return (
    path.length === 4 ||
    inner === 'fieldLengths' ||
    inner === 'avgFieldLength' ||
    inner === 'tokenOccurrences'
  );
}

const paths = pathsOf(JSON.parse(written));

type Operation = 'delete' | 'replace' | 'truncate' | 'number' | 'type' | 'nested' | 'large';

interface Damage {
  readonly path: readonly Key[];
  readonly operation: Operation;
  readonly value: unknown;
  readonly amount: number;
}

const damageArbitrary: fc.Arbitrary<Damage> = fc.record({
  path: fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...paths.read) },
    { weight: 1, arbitrary: fc.constantFrom(...paths.unread) },
  ),
  operation: fc.constantFrom<Operation>(
    'delete',
    'replace',
    'truncate',
    'number',
    'number',
    'type',
    'nested',
    'large',
  ),
  value: fc.jsonValue({ maxDepth: 2 }),
  amount: fc.integer({ min: -3, max: 3 }),
});

/** An array nested `depth` deep, made without recursion. */
function nested(depth: number): unknown {
  return JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`);
}

/** A changed number: off by `amount`, halved, negated, fractional or huge. */
function changedNumber(value: number, amount: number): number {
  switch (amount) {
    case -3:
      return -value;
    case -2:
      return value / 2;
    case 0:
      return value + 0.5;
    case 3:
      return 1e300;
    default:
      return value + amount;
  }
}

/** The value `damage` puts where `value` was; `undefined` deletes it. */
function damagedValue(value: unknown, { operation, value: other, amount }: Damage): unknown {
  switch (operation) {
    case 'delete':
      return undefined;
    case 'replace':
      return other;
    case 'nested':
      return nested(50_000);
    case 'large':
      return amount % 2 === 0 ? 'x$ '.repeat(100_000) : Array(100_000).fill(amount);
    case 'truncate': {
      const keep = Math.abs(amount);
      if (typeof value === 'string') return value.slice(0, Math.min(keep, value.length - 1));
      if (Array.isArray(value)) return value.slice(0, Math.min(keep, value.length - 1));
      if (typeof value === 'object' && value !== null) {
        return Object.fromEntries(Object.entries(value).slice(0, keep));
      }
      return typeof value === 'number' ? Math.trunc(value / 10) : other;
    }
    case 'number':
      return typeof value === 'number' ? changedNumber(value, amount) : amount;
    case 'type':
      if (typeof value === 'number') return String(value);
      if (typeof value === 'string') return Number(value) || value.length;
      if (Array.isArray(value)) return { ...value };
      if (typeof value === 'object' && value !== null) return Object.values(value);
      return value === null ? 0 : null;
  }
}

/** `snapshot` with `damage` done where its path still leads. */
function applyDamage(snapshot: Record<string, unknown>, damage: Damage): void {
  let parent: unknown = snapshot;
  for (const key of damage.path.slice(0, -1)) {
    if (typeof parent !== 'object' || parent === null) return;
    parent = (parent as Record<Key, unknown>)[key];
  }
  if (typeof parent !== 'object' || parent === null) return;
  const key = damage.path.at(-1) as Key;
  const container = parent as Record<Key, unknown>;
  const value = damagedValue(container[key], damage);
  if (value !== undefined) container[key] = value;
  else if (Array.isArray(container)) container.splice(Number(key), 1);
  else delete container[key];
}

const caseArbitrary = fc.record({
  damages: fc.array(damageArbitrary, { minLength: 1, maxLength: 3 }),
  kind: fc.constantFrom<Kind>('generateText', 'streamText'),
  searches: fc.array(fc.constantFrom(...queries), { minLength: 2, maxLength: 2 }),
});

describe('a damaged searchIndex snapshot never breaks search (issue 28, item 5)', () => {
  it(
    `answers every search as without a snapshot, and warns once when it is not used (${propertyRuns()} cases)`,
    async () => {
      await assertProperty(
        'damaged search index snapshot',
        fc.asyncProperty(caseArbitrary, async ({ damages, kind, searches }) => {
          const snapshot = JSON.parse(written) as Record<string, unknown>;
          for (const damage of damages) applyDamage(snapshot, damage);
          const { ranker, counts } = countingRanker();
          const { results, warnings } = await search(kind, searches, {
            ranker,
            cache: createToolDisclosureCache(),
            searchIndex: snapshot as never,
          });
          const expected = searches.map((query) => fresh[kind].get(query));
          if (JSON.stringify(results) !== JSON.stringify(expected)) {
            throw new Error(
              `the searches answered ${JSON.stringify(results).slice(0, 600)}, not ${JSON.stringify(expected).slice(0, 600)}`,
            );
          }
          const built = counts.builds === 1 && warnings.length === 1;
          const loaded = counts.builds === 0 && counts.loads === 1 && warnings.length === 0;
          if (!built && !loaded) {
            throw new Error(
              `expected a load without warnings or one build with one warning, not ${JSON.stringify(counts)} with ${JSON.stringify(warnings).slice(0, 600)}`,
            );
          }
          if (built && !(typeof warnings[0] === 'string' && warnings[0].length < 1_000)) {
            throw new Error(`the warning is not short text: ${String(warnings[0]).slice(0, 600)}`);
          }
        }),
      );
    },
    propertyTimeout(),
  );
});
