import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as root from '../src/index.js';

// The root entry is an explicit list of what an app needs; everything else lives in a subpath.

/** The most names, values and types alike, the root entry may export. */
const ROOT_EXPORTS_MAX = 30;

const ROOT_ENTRY = fileURLToPath(new URL('../src/index.ts', import.meta.url));

const exportList = /export\s+(type\s+)?\{([^}]*)\}\s+from\s+'([^']+)'/g;

/** The names a module re-exports, each with the module it comes from. */
function reExports(file: string): Map<string, { from: string; as: string }> {
  const names = new Map<string, { from: string; as: string }>();
  for (const [, , list, from] of readFileSync(file, 'utf8').matchAll(exportList)) {
    for (const item of (list as string).split(',')) {
      const [original, alias] = item
        .replace(/^\s*type\s+/, '')
        .trim()
        .split(/\s+as\s+/);
      if (!original) continue;
      const target = resolve(dirname(file), (from as string).replace(/\.js$/, '.ts'));
      names.set(alias ?? original, { from: target, as: original });
    }
  }
  return names;
}

/** The file that declares `name`, found by following re-exports, and whether JSDoc precedes it. */
function declarationOf(file: string, name: string): { file: string; documented: boolean } {
  const text = readFileSync(file, 'utf8');
  const declaration = new RegExp(
    `^export\\s+(?:declare\\s+)?(?:abstract\\s+)?(?:async\\s+)?(?:function\\*?|class|interface|type|const|let|enum)\\s+${name}\\b`,
    'm',
  );
  const match = declaration.exec(text);
  if (match) return { file, documented: text.slice(0, match.index).trimEnd().endsWith('*/') };
  const next = reExports(file).get(name);
  if (!next) throw new Error(`${name} is neither declared nor re-exported in ${file}`);
  return declarationOf(next.from, next.as);
}

describe('the root entry', () => {
  const names = [...reExports(ROOT_ENTRY).keys()];

  it(`exports at most ${ROOT_EXPORTS_MAX} names, types included`, () => {
    expect(names.length).toBeGreaterThan(0);
    expect(names.length).toBeLessThanOrEqual(ROOT_EXPORTS_MAX);
  });

  it('lists every value it exports (the list read here is the real one)', () => {
    expect(names).toEqual(expect.arrayContaining(Object.keys(root)));
  });

  it('documents every name it exports with JSDoc at its declaration', () => {
    const undocumented = names.filter((name) => !declarationOf(ROOT_ENTRY, name).documented);
    expect(undocumented).toEqual([]);
  });

  it('exports no evaluation, benchmark, end-to-end or report module', () => {
    const outside = names
      .map((name) => declarationOf(ROOT_ENTRY, name).file)
      .filter((file) => /\/src\/(eval|bench|e2e|report|cli)\//.test(file));
    expect(outside).toEqual([]);
  });
});
