// check-doc-snippets.mjs [--list] [FILE.md...]: type-checks every ```ts block of the Markdown files
// (default: README.md, tooling/README.md and docs/**/*.md) as an application would compile it against
// the built packages (run `npm run build` first): each block is its own ES module in .doc-snippets/
// inside the repository, so `import ... from 'tool-disclosure'` resolves to dist/ and
// `'@tool-disclosure/tooling/...'` to tooling/dist/ (the workspace's link) through the exports,
// compiled with the project's strict settings. Exits 1 and names the Markdown file and line of each
// error. A block that is deliberately partial (a fragment of a bigger example) is skipped when the
// line before its fence is `<!-- snippet: partial, REASON -->`; REASON is required, so each skip says
// why. --list prints the blocks found as JSON instead (for tests).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const PARTIAL = /^<!--\s*snippet:\s*partial,\s*(\S.*?)\s*-->$/;

/**
 * The ```ts blocks of one Markdown text: `{ line, code, partial }`, `line` being the 1-based line of
 * the block's first line of code and `partial` the reason given in a marker, else null. Fences
 * indented inside a list count too; the indentation is removed.
 */
export function extractTsBlocks(markdown) {
  const lines = markdown.split('\n');
  const blocks = [];
  for (let index = 0; index < lines.length; index++) {
    const open = /^(\s*)(`{3,}|~{3,})\s*ts\s*$/.exec(lines[index]);
    if (open === null) continue;
    const [, indent, fence] = open;
    const previous = index > 0 ? lines[index - 1].trim() : '';
    const marker = PARTIAL.exec(previous);
    const code = [];
    let end = index + 1;
    while (end < lines.length && lines[end].trim() !== fence) {
      code.push(lines[end].startsWith(indent) ? lines[end].slice(indent.length) : lines[end]);
      end++;
    }
    blocks.push({
      line: index + 2,
      code: code.join('\n'),
      partial: marker === null ? null : marker[1],
    });
    index = end;
  }
  return blocks;
}

/** README.md, the tooling's README.md and every Markdown file under docs/. */
function defaultFiles() {
  const files = [join(root, 'README.md'), join(root, 'tooling/README.md')];
  const walk = (directory) => {
    for (const entry of readdirSync(directory, { withFileTypes: true })) {
      const path = join(directory, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.md')) files.push(path);
    }
  };
  walk(join(root, 'docs'));
  return files;
}

function main() {
  const args = process.argv.slice(2);
  const list = args[0] === '--list';
  const given = list ? args.slice(1) : args;
  const files = given.length > 0 ? given.map((file) => resolve(file)) : defaultFiles();
  if (list) {
    const found = files.map((file) => ({
      file,
      blocks: extractTsBlocks(readFileSync(file, 'utf8')),
    }));
    console.log(JSON.stringify(found));
    return;
  }
  const base = join(root, '.doc-snippets');
  mkdirSync(base, { recursive: true });
  const directory = mkdtempSync(join(base, 'run-'));
  const sources = new Map();
  let checked = 0;
  const skipped = [];
  for (const file of files) {
    const name = relative(root, file).replace(/[^\w]+/g, '_');
    for (const block of extractTsBlocks(readFileSync(file, 'utf8'))) {
      if (block.partial !== null) {
        skipped.push(`${relative(process.cwd(), file)}:${block.line}: ${block.partial}`);
        continue;
      }
      const snippet = `${name}_${block.line}.ts`;
      // Each block is a module of its own (top-level await, no clashes between blocks).
      writeFileSync(join(directory, snippet), `${block.code}\nexport {};\n`);
      sources.set(snippet, { file, line: block.line });
      checked++;
    }
  }
  writeFileSync(
    join(directory, 'tsconfig.json'),
    JSON.stringify({
      extends: relative(directory, join(root, 'tsconfig.json')),
      // An app's route handlers and pages see the DOM's types (Request.json() is any there).
      compilerOptions: { noEmit: true, noUnusedLocals: false, lib: ['ES2022', 'DOM'] },
      include: ['*.ts'],
      exclude: [],
    }),
  );
  let output = '';
  let failed = false;
  try {
    execFileSync(
      process.execPath,
      [join(root, 'node_modules/typescript/bin/tsc'), '-p', directory],
      {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
  } catch (error) {
    failed = true;
    output = `${error.stdout ?? ''}${error.stderr ?? ''}`;
  }
  rmSync(directory, { recursive: true, force: true });
  for (const reason of skipped) console.log(`skipped (partial) ${reason}`);
  if (!failed) {
    console.log(`${checked} TypeScript snippet(s) compile (${skipped.length} marked partial)`);
    return;
  }
  // tsc writes "FILE(LINE,COLUMN): error ...": point at the Markdown line instead.
  for (const line of output.split('\n')) {
    const match = /^(?:.*[\\/])?([\w.-]+\.ts)\((\d+),(\d+)\): (.*)$/.exec(line);
    const source = match === null ? undefined : sources.get(match[1]);
    if (source === undefined) {
      if (line.trim() !== '') console.error(line);
      continue;
    }
    const at = source.line + Number(match[2]) - 1;
    console.error(`${relative(process.cwd(), source.file)}:${at}:${match[3]}: ${match[4]}`);
  }
  console.error('a TypeScript snippet in the docs does not compile against the built package');
  process.exit(1);
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  main();
