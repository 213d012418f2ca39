import { describe, expect, it } from 'vitest';
import type { CatalogEntry } from '../catalog/catalog-entry.js';
import { createCatalog } from '../catalog/create-catalog.js';
import type { ToolDefinition } from '../catalog/tool-definition.js';
import { createFieldTermNumbering } from './create-field-term-numbering.js';
import { createToolFieldNumbering, TOOL_FIELDS, toolFieldTerms } from './tool-field-terms.js';

async function entryOf(definition: ToolDefinition): Promise<CatalogEntry> {
  const catalog = await createCatalog({ definitions: [definition] });
  return catalog.entries[0] as CatalogEntry;
}

describe('toolFieldTerms', () => {
  it("leaves out an alias that only restates the tool's name and namespace", async () => {
    const entry = await entryOf({
      name: 'IMDb_actors_get-all-filmography',
      capability_id: 'IMDb.actors_get-all-filmography',
      aliases: ['IMDb / actors/get-all-filmography'],
      tags: ['Media'],
    });
    expect(toolFieldTerms(entry).alias).toEqual(['media']);
  });

  it('indexes an alias that says something new, all of its words', async () => {
    const entry = await entryOf({
      name: 'tracker__create_issue',
      aliases: ['file a bug', 'create ticket'],
    });
    expect(toolFieldTerms(entry).alias).toEqual(['file', 'a', 'bug', 'creat', 'ticket']);
  });

  it('gives a word form for each term, the left-out alias having none', async () => {
    const entry = await entryOf({
      name: 'tracker__create_issue',
      aliases: ['Create issue', 'open tickets'],
    });
    const forms: string[] = [];
    const terms = toolFieldTerms(entry, forms);
    expect(forms).toHaveLength(Object.values(terms).flat().length);
    expect(terms.alias).toEqual(['open', 'ticket']);
  });

  it("reads a schema's own keywords, as its JSON has them, and skips a null property", async () => {
    const inherited = Object.assign(Object.create({ description: 'inherited words' }), {
      type: 'string',
      title: 'Due date',
    });
    const entry = await entryOf({
      name: 'tracker__create_issue',
      parameters: {
        type: 'object',
        properties: {
          due: inherited,
          missing: null,
          labels: { type: 'array', items: { properties: { name: { description: 'Label' } } } },
        },
      },
    });
    expect(toolFieldTerms(entry).schema).toEqual(['due', 'date', 'name', 'label']);
  });

  it('numbers the terms of each field as numbering them field by field does, tool after tool', async () => {
    const catalog = await createCatalog({
      definitions: [
        {
          name: 'tracker__create_issue',
          description: 'Creates an issue in the tracker.',
          aliases: ['file a bug', 'Tracker create issue'],
          tags: ['Issues'],
          parameters: { type: 'object', properties: { title: { type: 'string' } } },
        },
        {
          name: 'tracker__close_issue',
          description: `Closes an issue. ${'It reads the whole manual, step by step. '.repeat(60)}`,
          output_schema: { type: 'object', properties: { closed: { description: 'When' } } },
        },
        { name: 'mail__send_email', description: 'Creates and sends an email: €, ü.' },
        { name: 'mail__listEvents', description: 'Creates an issue in the tracker.' },
      ],
      namespaces: { tracker: { description: 'Issue tracker' } },
    });
    const byTerms = createFieldTermNumbering(TOOL_FIELDS.length);
    const byText = createFieldTermNumbering(TOOL_FIELDS.length);
    const tools = createToolFieldNumbering(byText);
    for (const entry of [...catalog.entries, ...catalog.entries]) {
      const terms = toolFieldTerms(entry);
      byTerms.addNumbers(
        TOOL_FIELDS.map((field) => terms[field].map((term) => byTerms.number(term))),
      );
      tools.add(entry);
    }
    expect(byText.numbers()).toEqual(byTerms.numbers());
    expect(
      byText.numbers().fields[TOOL_FIELDS.indexOf('description')]?.values.length,
    ).toBeGreaterThan(100);
  });
});
