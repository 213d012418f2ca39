// Builds dist: declarations from tsc, JavaScript as esbuild bundles. Importing the root entry
// as tsc emits it loads about 150 modules of ours; as a bundle, a handful, which is most of
// what importing the library costs beyond `ai` itself.
//
// Every bundle and shared chunk lands in dist/lib, two levels below the package root as every
// source file is, so the paths they resolve at run time (`new URL('../../data/…',
// import.meta.url)`, the lazily imported '../vectors/….js') mean what they mean in src. The
// public entries (dist/index.js, dist/bridge/index.js, …, dist/cli/main.js) and the lazily
// imported modules are one-line re-exports of their bundle, beside their declarations.

import { execFileSync } from 'node:child_process';
import { chmod, mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');
const lib = join(dist, 'lib');

/** Source entry (under src) → bundle name in dist/lib. */
const entries = {
  'index.ts': 'root',
  'bridge/index.ts': 'bridge',
  'mcp/index.ts': 'mcp',
  'eval/index.ts': 'eval',
  'bench/index.ts': 'bench',
  'e2e/index.ts': 'e2e',
  'report/index.ts': 'report',
  'hybrid/index.ts': 'hybrid',
  'vectors/index.ts': 'vectors',
  'cli/main.ts': 'cli-main',
  // Imported by specifiers no bundler follows (see src/search/defer-ranker.ts), so each is an
  // entry of its own: their modules stay out of the bundles until a request needs them.
  'vectors/load-word-vectors.ts': 'load-word-vectors',
  'vectors/create-word-vector-ranker.ts': 'create-word-vector-ranker',
  'hybrid/create-local-hybrid-ranker.ts': 'create-local-hybrid-ranker',
};

await rm(dist, { recursive: true, force: true });
// Declarations only (tsconfig.build.json sets emitDeclarationOnly).
execFileSync(
  process.execPath,
  [join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'],
  {
    cwd: root,
    stdio: 'inherit',
  },
);

await build({
  absWorkingDir: root,
  entryPoints: Object.entries(entries).map(([source, out]) => ({ in: `src/${source}`, out })),
  outdir: lib,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'es2022',
  // Dependencies and peers stay imports: the app's `ai` and `zod` are the ones the library uses.
  packages: 'external',
  chunkNames: '[name]-[hash]',
  sourcemap: 'linked',
  sourcesContent: false,
  legalComments: 'inline',
  logLevel: 'warning',
});

for (const [source, out] of Object.entries(entries)) {
  const stub = join(dist, source.replace(/\.ts$/, '.js'));
  const target = relative(dirname(stub), join(lib, `${out}.js`)).replaceAll('\\', '/');
  const specifier = target.startsWith('.') ? target : `./${target}`;
  const isCli = source === 'cli/main.ts';
  await mkdir(dirname(stub), { recursive: true });
  await writeFile(
    stub,
    isCli ? `#!/usr/bin/env node\nimport '${specifier}';\n` : `export * from '${specifier}';\n`,
  );
  if (isCli) await chmod(stub, 0o755);
}
