import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('../scripts/check-doc-snippets.mjs', import.meta.url));

/** Writes `markdown` to a temporary file and runs the script on it; its exit code and output. */
async function run(markdown: string, list = false) {
  const file = join(mkdtempSync(join(tmpdir(), 'doc-snippets-')), 'doc.md');
  writeFileSync(file, markdown);
  return promisify(execFile)(process.execPath, [script, ...(list ? ['--list'] : []), file]).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      stdout: error.stdout,
      stderr: error.stderr,
    }),
  );
}

const fence = '```';

describe('check-doc-snippets', () => {
  it('extracts ts blocks with the line of their first line of code, indented ones too, and nothing else', async () => {
    const markdown = [
      '# Title', // 1
      `${fence}sh`, // 2
      'npm test', // 3
      fence, // 4
      `${fence}ts`, // 5
      "const a = 'x';", // 6
      fence, // 7
      '- In a list:', // 8
      `  ${fence}ts`, // 9
      '  const b = 2;', // 10
      '    const c = 3;', // 11
      `  ${fence}`, // 12
      `${fence}tsx`, // 13
      'const d = <p />;', // 14
      fence, // 15
      '<!-- snippet: partial, the middle of a bigger example -->', // 16
      `${fence}ts`, // 17
      'e();', // 18
      fence, // 19
      '<!-- snippet: partial -->', // 20: no reason, so not honoured
      `${fence}ts`, // 21
      'f();', // 22
      fence, // 23
    ].join('\n');
    const { code, stdout } = await run(markdown, true);
    expect(code).toBe(0);
    const [found] = JSON.parse(stdout) as {
      blocks: { line: number; code: string; partial: string | null }[];
    }[];
    const blocks = found?.blocks;
    expect(blocks).toEqual([
      { line: 6, code: "const a = 'x';", partial: null },
      { line: 10, code: 'const b = 2;\n  const c = 3;', partial: null },
      { line: 18, code: 'e();', partial: 'the middle of a bigger example' },
      { line: 22, code: 'f();', partial: null },
    ]);
  });

  it('type-checks against the built package and names the Markdown line of each error', async () => {
    const markdown = [
      'Fine:', // 1
      `${fence}ts`, // 2
      "import { createCatalogSync } from 'tool-disclosure';", // 3
      'const { entries } = createCatalogSync({ tools: {} });', // 4
      'console.log(entries.length);', // 5
      fence, // 6
      'Broken:', // 7
      `${fence}ts`, // 8
      "import { createCatalogSync } from 'tool-disclosure';", // 9
      '', // 10
      'const count: string = createCatalogSync({ tools: {} }).entries.length;', // 11
      fence, // 12
      '<!-- snippet: partial, a fragment that names what the text around it defines -->', // 13
      `${fence}ts`, // 14
      'undefinedName();', // 15
      fence, // 16
    ].join('\n');
    const { code, stdout, stderr } = await run(markdown);
    expect(code).toBe(1);
    expect(stderr).toMatch(
      /doc\.md:11:7: error TS2322: Type 'number' is not assignable to type 'string'\./,
    );
    expect(stderr).not.toMatch(/doc\.md:(3|4|5|15):/);
    expect(stdout).toMatch(/skipped \(partial\) .*doc\.md:15: a fragment that names/);
  });
});
