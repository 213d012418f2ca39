// Builds dist: declarations from tsc, JavaScript as esbuild bundles. Importing the root entry
// as tsc emits it loads about 150 modules of ours; as a bundle, a handful, which is most of
// what importing the library costs beyond `ai` itself.
//
// Every bundle and shared chunk lands in dist/lib, two levels below the package root as every
// source file is, so the paths they resolve at run time (`new URL('../../data/…',
// import.meta.url)`, the lazily imported '../vectors/….js') mean what they mean in src. The
// public entries (dist/index.js, dist/bridge.js, dist/mcp/index.js, …) and the lazily imported
// module are one-line re-exports of their bundle, beside their declarations. The tooling package
// (tooling/) is built by tsc on its own and imports these entries.

import { execFileSync } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');
const lib = join(dist, 'lib');

/** Source entry (under src) → bundle name in dist/lib: the library's package exports. */
const entries = {
  'index.ts': 'root',
  'bridge.ts': 'bridge',
  'mcp/index.ts': 'mcp',
  'vectors/index.ts': 'vectors',
  // The entries the tooling package (tooling/) reads; see the README's list of subpaths.
  'catalog/index.ts': 'catalog',
  'search/index.ts': 'search',
  'disclosure/index.ts': 'disclosure',
  'wrap/index.ts': 'wrap',
  'error/index.ts': 'error',
  'util/index.ts': 'util',
  'cache/index.ts': 'cache',
  // Imported by a specifier no bundler follows (src/search/load-package-word-vectors.ts), so it
  // is an entry of its own: the word-vector reader stays out of the bundles until a request needs it.
  'vectors/load-word-vectors.ts': 'load-word-vectors',
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
  await mkdir(dirname(stub), { recursive: true });
  await writeFile(stub, `export * from '${specifier}';\n`);
}
