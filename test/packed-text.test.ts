/**
 * The packages speak to their users: the files they ship (the library's sources
 * and README, the tooling's sources, corpus and schemas; dist is compiled from
 * the sources) cite no path outside the repository, no spec section and no
 * issue number.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const forbidden = [/\.\.\/shared/, /SPEC §/, /\bissue \d+/i];

async function shippedFiles(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((path) => !/\.(test|case)\.ts$/.test(path));
}

describe('the packed packages', () => {
  it('cites no ../shared path, spec section or issue number', async () => {
    const files = [
      ...(await shippedFiles(join(root, 'src'))),
      join(root, 'README.md'),
      ...(await shippedFiles(join(root, 'tooling', 'src'))),
      ...(await shippedFiles(join(root, 'tooling', 'corpus'))),
      ...(await shippedFiles(join(root, 'tooling', 'schemas'))),
    ];
    const citations: string[] = [];
    for (const file of files) {
      const text = await readFile(file, 'utf8');
      for (const pattern of forbidden) {
        const match = pattern.exec(text);
        if (match) citations.push(`${relative(root, file)}: ${match[0]}`);
      }
    }
    expect(citations).toEqual([]);
  });
});
