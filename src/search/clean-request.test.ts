import { describe, expect, it } from 'vitest';
import { createCatalog } from '../catalog/create-catalog.js';
import type { ToolDefinition } from '../catalog/tool-definition.js';
import { withFileNamesAsFile } from './clean-request.js';
import { createOramaRanker } from './create-orama-ranker.js';
import type { RankingParameterOverrides } from './ranking-parameters.js';

describe('withFileNamesAsFile', () => {
  it('reads a file name as "file"', () => {
    expect(withFileNamesAsFile('read the contents of notes.txt')).toBe(
      'read the contents of  file ',
    );
    expect(withFileNamesAsFile('post release-notes.md and data_2024.csv')).toBe(
      'post  file  and  file ',
    );
  });

  it('leaves numbers, versions, sentence ends and paths alone', () => {
    for (const text of [
      'pay 3.5 dollars',
      'upgrade to v1.2',
      'send it. Then stop',
      'open docs/notes.txt',
      'no dot here',
    ]) {
      expect(withFileNamesAsFile(text)).toBe(text);
    }
  });
});

const definitions: ToolDefinition[] = [
  { name: 'memory__read_graph', description: 'Read the entire knowledge graph.' },
  {
    name: 'memory__search_nodes',
    description: 'Search for nodes in the knowledge graph based on a query.',
  },
  {
    name: 'files__read_text_file',
    description:
      'Read the complete contents of a file from the file system as text. Handles various text encodings and provides detailed error messages if the file cannot be read.',
  },
  { name: 'mail__send', description: 'Send an email.' },
];

async function first(query: string, parameters: RankingParameterOverrides = {}) {
  const { entries } = await createCatalog({ definitions });
  const index = await createOramaRanker({ parameters }).createIndex(entries);
  return (await index.search(query, 3))[0]?.entry.wireName;
}

describe('the default ranker with file names read as "file"', () => {
  it("finds the file reader for a file's name, where its words ('notes') name another service", async () => {
    expect(await first('read the contents of notes.txt')).toBe('files__read_text_file');
    expect(
      await first('read the contents of notes.txt', { requestCleaning: { fileNames: false } }),
    ).toBe('memory__read_graph');
  });
});
