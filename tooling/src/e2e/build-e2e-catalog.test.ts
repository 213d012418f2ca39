import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadCatalogFile } from '../cli/load-catalog-file.js';
import { buildE2eCatalog } from './build-e2e-catalog.js';
import { E2E_POLICY, E2E_TASKS } from './e2e-tasks.js';

const corpusPath = fileURLToPath(new URL('../../corpus/judged-corpus.json', import.meta.url));
const corpus = await loadCatalogFile(corpusPath);
const build = (size: number) =>
  buildE2eCatalog({ tools: corpus.tools, tasks: E2E_TASKS, policy: E2E_POLICY, size });
const taskTools = E2E_TASKS.flatMap((task) =>
  task.stages.flatMap((stage) => Object.keys(stage.candidates)),
);
const deniedTools = corpus.tools
  .filter((tool) => tool.capability_id?.startsWith('jira.'))
  .map((tool) => tool.name);

describe('buildE2eCatalog', () => {
  it('has exactly the size asked for, below and above the judged corpus', () => {
    expect(corpus.tools.length).toBeGreaterThan(100);
    for (const size of [16, 100, corpus.tools.length, 500, 1000]) {
      expect(build(size)).toHaveLength(size);
    }
  });

  it('keeps every task tool and denied tool below the corpus size, leaving out the last other tools', () => {
    const names = build(100).map((tool) => tool.name);
    for (const name of [...taskTools, ...deniedTools]) expect(names).toContain(name);
    const left = corpus.tools.map((tool) => tool.name).filter((name) => !names.includes(name));
    expect(left).toHaveLength(corpus.tools.length - 100);
    const order = corpus.tools.map((tool) => tool.name);
    expect(names).toEqual(order.filter((name) => names.includes(name)));
    const lastKeptOptional = Math.max(
      ...names
        .filter((name) => !taskTools.includes(name) && !deniedTools.includes(name))
        .map((name) => order.indexOf(name)),
    );
    for (const name of left) expect(order.indexOf(name)).toBeGreaterThan(lastKeptOptional);
  });

  it('pads the whole corpus with distractors above its size', () => {
    const catalog = build(500);
    expect(catalog.slice(0, corpus.tools.length)).toEqual(corpus.tools);
    expect(catalog[corpus.tools.length]?.name).toBe('customer_directory__verify_checksum_0000');
  });

  it('refuses a size that cannot hold the tools the tasks need, naming the smallest', () => {
    const required = new Set([...taskTools, ...deniedTools]).size;
    expect(() => build(required - 1)).toThrow(
      new RangeError(
        `${required - 1} tools cannot hold the ${required} the judged tasks need (their tools and the denied ones); the smallest size is ${required}`,
      ),
    );
    expect(
      build(required)
        .map((tool) => tool.name)
        .sort(),
    ).toEqual([...new Set([...taskTools, ...deniedTools])].sort());
  });
});
