import { jsonSchema, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import type { CatalogEntry } from '../catalog/catalog-entry.js';
import { createCatalogSync } from '../catalog/create-catalog.js';
import { nameFormOf } from './name-form-of.js';

const anyObject = jsonSchema({ type: 'object' });
const { entries } = createCatalogSync({
  tools: {
    'cal.events.create': tool({ description: 'Create an event.', inputSchema: anyObject }),
    // Keyed without its namespace: its wire name is its key, its encoded id is not.
    find: tool({
      description: 'Find a contact.',
      inputSchema: anyObject,
      metadata: { namespace: 'crm' },
    }),
  },
});
const byId = (id: string) => entries.find((entry) => entry.id === id) as CatalogEntry;

describe('nameFormOf', () => {
  it('names the spelling the model used, in the order the resolver tries them', () => {
    const create = byId('cal.events.create');
    expect(create).toMatchObject({ wireName: 'cal__events__create', localName: 'events.create' });
    expect(nameFormOf(create, 'cal__events__create')).toBe('wire');
    expect(nameFormOf(create, ' cal__events__create ')).toBe('wire');
    expect(nameFormOf(create, 'cal.events.create')).toBe('canonical');
    expect(nameFormOf(create, 'events.create')).toBe('bare');
    expect(nameFormOf(create, 'events__create')).toBe('bare');
    expect(nameFormOf(create, 'Cal.Events.Create')).toBe('case-insensitive');
    const find = byId('crm.find');
    expect(find).toMatchObject({ key: 'find', wireName: 'find', encodedId: 'crm__find' });
    expect(nameFormOf(find, 'crm__find')).toBe('encoded');
    // Its key is its wire name, which the resolver tries first.
    expect(nameFormOf(find, 'find')).toBe('wire');
  });
});
