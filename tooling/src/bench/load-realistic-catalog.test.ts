import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadRealisticCatalog } from './load-realistic-catalog.js';

const directories: string[] = [];

afterEach(async () => {
  for (const directory of directories.splice(0)) await rm(directory, { recursive: true });
});

/** A shared folder of tiny made-up sets, in both benchmark formats. */
async function createShared(files: Record<string, unknown>): Promise<string> {
  const shared = await mkdtemp(join(tmpdir(), 'realistic-catalog-'));
  directories.push(shared);
  for (const [path, data] of Object.entries(files)) {
    await mkdir(join(shared, 'benchmarks', path, '..'), { recursive: true });
    await writeFile(join(shared, 'benchmarks', path), JSON.stringify(data));
  }
  return shared;
}

const ironclaw = {
  tools: [
    { name: 'gmail__send', description: 'Send an email' },
    { name: 'clock__now', description: 'Current time' },
  ],
  intents: [
    { class: 'paraphrase', query: 'mail my boss', relevance: { gmail__send: 3 } },
    { class: 'paraphrase', query: 'what time is it', relevance: { clock__now: 3 } },
  ],
};

const unified = (prefix: string, count: number) => ({
  tools: Array.from({ length: count }, (_, index) => ({
    id: `${prefix}_${index}`,
    name: `${prefix} tool ${index}`,
    description: `The ${prefix} tool number ${index}`,
  })),
  queries: Array.from({ length: count }, (_, index) => ({
    id: `${prefix}_query_${index}`,
    query: `use ${prefix} ${index}`,
    relevant: { [`${prefix}_${index}`]: 1 },
  })),
});

describe('loadRealisticCatalog', () => {
  it('is undefined without a benchmarks folder', async () => {
    const shared = await createShared({});
    expect(await loadRealisticCatalog(shared)).toBeUndefined();
    expect(await loadRealisticCatalog(join(shared, 'missing'))).toBeUndefined();
  });

  it('merges every set, deduplicated by name, interleaved, with a spread of real requests', async () => {
    const shared = await createShared({
      'ironclaw/tool_search_relevance.json': ironclaw,
      'ironclaw/tool_search_scale_baseline.json': { seed: 1, sizes: [1000] },
      'toolret_subsets/alpha.json': unified('alpha', 4),
      'toolret_subsets/folds.json': { folds: {} },
      'metatool_toole/single.json': unified('beta', 3),
      // The same tools again, as ToolE's multi-tool file repeats the single-tool one.
      'metatool_toole/zmulti.json': unified('beta', 3),
    });
    const catalog = await loadRealisticCatalog(shared);
    expect(catalog?.sets).toEqual([
      'ironclaw/tool_search_relevance.json',
      'toolret_subsets/alpha.json',
      'metatool_toole/single.json',
      'metatool_toole/zmulti.json',
    ]);
    expect(catalog?.tools.map((tool) => tool.name)).toEqual([
      'gmail__send',
      'alpha_tool_0',
      'beta_tool_0',
      'clock__now',
      'alpha_tool_1',
      'beta_tool_1',
      'alpha_tool_2',
      'beta_tool_2',
      'alpha_tool_3',
    ]);
    const queries = catalog?.queries ?? [];
    // Distinct requests: the repeated file adds none.
    expect(new Set(queries).size).toBe(queries.length);
    expect(queries).toHaveLength(2 + 4 + 3);
    expect(queries.slice(0, 3)).toEqual(['mail my boss', 'use alpha 0', 'use beta 0']);
    expect((await loadRealisticCatalog(shared, { queryCount: 4 }))?.queries).toHaveLength(4);
  });

  it('drops unnamed tools and the judgements naming them, which the loaders reject', async () => {
    const set = unified('gamma', 3);
    (set.tools[1] as { name: string }).name = '';
    const shared = await createShared({ 'toolret_subsets/gamma.json': set });
    const catalog = await loadRealisticCatalog(shared);
    expect(catalog?.tools.map((tool) => tool.name)).toEqual(['gamma_tool_0', 'gamma_tool_2']);
    expect(catalog?.queries).toHaveLength(3);
  });

  it.runIf(existsSync('../shared/benchmarks'))(
    'reads the public sets of the shared benchmarks (needs ../shared/benchmarks)',
    async () => {
      const catalog = await loadRealisticCatalog('../shared');
      expect(catalog?.tools.length).toBeGreaterThan(5000);
      expect(new Set(catalog?.tools.map((tool) => tool.name)).size).toBe(catalog?.tools.length);
      expect(catalog?.queries).toHaveLength(400);
    },
  );
});
