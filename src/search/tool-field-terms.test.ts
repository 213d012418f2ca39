import { describe, expect, it } from 'vitest';
import type { CatalogEntry } from '../catalog/catalog-entry.js';
import { createCatalog } from '../catalog/create-catalog.js';
import type { ToolDefinition } from '../catalog/tool-definition.js';
import { toolFieldTerms } from './tool-field-terms.js';

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
});
