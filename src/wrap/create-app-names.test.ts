import { jsonSchema, type Tool, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import type { CatalogEntry } from '../catalog/catalog-entry.js';
import { createCatalogSync } from '../catalog/create-catalog.js';
import { createDisclosure } from '../disclosure/create-disclosure.js';
import { createAppNames } from './create-app-names.js';

const anyObject = jsonSchema({ type: 'object' });
const make = (description: string) => tool({ description, inputSchema: anyObject });
const tools = { 'mail.send': make('Send an email.'), 'pay.refund': make('Refund.') };
const grouped = { create_issue: make('Create an issue.') };
const catalog = createCatalogSync({
  tools,
  namespaces: { github: { description: 'Issues.', tools: grouped } },
});
const disclosure = createDisclosure({
  catalog,
  policy: { deny: ['pay.*'] },
  environment: {},
  onWarning: () => {},
});
const all: Record<string, Tool> = { ...tools, ...grouped };
const keyAt = new Map(catalog.entries.map((entry) => [entry.position, entry.key]));
const toolAt = (position: number) => all[keyAt.get(position) ?? ''];
const names = createAppNames({ disclosure, userTools: tools, toolAt });
const byId = (id: string) => catalog.entries.find((entry) => entry.id === id) as CatalogEntry;

describe('createAppNames', () => {
  it("names a record tool by its key, a grouped tool (no key in the app's record) by its wire name", () => {
    expect(names.nameOf(byId('mail.send'))).toBe('mail.send');
    expect(names.inRecord(byId('mail.send'))).toBe(true);
    const issue = byId('github.create_issue');
    expect(names.inRecord(issue)).toBe(false);
    expect(names.nameOf(issue)).toBe(issue.wireName);
  });

  it('finds the authorized entry an app name means, and nothing for bridges, denied or unknown names', () => {
    expect(names.entryOf('mail.send')?.id).toBe('mail.send');
    expect(names.entryOf(byId('github.create_issue').wireName)?.id).toBe('github.create_issue');
    // A record tool's wire name is not an app name: the app knows it by its key.
    expect(names.entryOf('mail__send')).toBeUndefined();
    for (const name of ['pay.refund', 'tool_call', 'nothing', '__proto__', 7]) {
      expect(names.entryOf(name)).toBeUndefined();
    }
  });

  it('maps every spelling of a tool to its app name', () => {
    expect(names.namesOf('mail__send')).toEqual(['mail.send']);
    expect(names.namesOf('mail.send')).toEqual(['mail.send']);
    expect(names.namesOf('github.create_issue')).toEqual([byId('github.create_issue').wireName]);
    // A name that means no authorized tool (denied, unknown) stands for itself.
    expect(names.namesOf('pay.refund')).toEqual(['pay.refund']);
    expect(names.namesOf('nothing')).toEqual(['nothing']);
  });

  it("reads whether a tool is the app's own from this request's record, not the shared disclosure", () => {
    const other = { 'mail.send': make('Another object of equal content.') };
    const elsewhere = createAppNames({ disclosure, userTools: other, toolAt });
    // The key holds a different object than the catalog's tool at that position.
    expect(elsewhere.inRecord(byId('mail.send'))).toBe(false);
    expect(elsewhere.nameOf(byId('mail.send'))).toBe(byId('mail.send').wireName);
  });
});
