import { builtinModules } from 'node:module';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { describe, expect, it } from 'vitest';

// The root entry is what an app imports, also in edge runtimes (Next.js `runtime = 'edge'`,
// Cloudflare Workers, Vercel Edge) and browsers, where Node built-ins do not exist and where
// webpack rejects `node:` imports outright. So it is bundled here as those bundlers bundle it:
// from source (no build needed), for no particular platform, with the peer dependencies left
// to the app and every runtime dependency bundled, so theirs are checked too.

const REPOSITORY = fileURLToPath(new URL('..', import.meta.url));
const ROOT_ENTRY = fileURLToPath(new URL('../src/index.ts', import.meta.url));

/** Peer dependencies: the app installs and bundles them itself. */
const PEERS = ['ai', 'zod', '@opentelemetry/api'];

/**
 * The minified bundle's ceiling, in bytes (about 200 KB today). A jump past it means something
 * heavy, such as a word-vector table or an evaluation corpus, reached the root entry.
 */
const ROOT_BUNDLE_MAX_BYTES = 400_000;

const nodeBuiltins = new Set(builtinModules.filter((name) => !name.startsWith('_')));

function isNodeBuiltin(specifier: string): boolean {
  return specifier.startsWith('node:') || nodeBuiltins.has(specifier.split('/')[0] as string);
}

/** Records every import of a Node built-in, with the file that makes it, and leaves it external. */
function recordNodeImports(found: string[]): Plugin {
  return {
    name: 'record-node-imports',
    setup(plugin) {
      plugin.onResolve({ filter: /.*/ }, ({ path, importer, kind }) => {
        if (kind === 'entry-point' || !isNodeBuiltin(path)) return undefined;
        found.push(`${relative(REPOSITORY, importer)} imports ${path}`);
        return { path, external: true };
      });
    },
  };
}

/** Bundles `entry` as an edge bundler would, recording every Node built-in it reaches. */
async function bundleForEdge(entry: string) {
  const nodeImports: string[] = [];
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    metafile: true,
    minify: true,
    format: 'esm',
    platform: 'neutral',
    // What Next.js resolves for its edge runtime; `neutral` sets no main fields of its own.
    conditions: ['edge-light', 'worker', 'browser', 'module'],
    mainFields: ['module', 'main'],
    external: PEERS.flatMap((name) => [name, `${name}/*`]),
    plugins: [recordNodeImports(nodeImports)],
    logLevel: 'silent',
  });
  const [output] = result.outputFiles;
  return {
    nodeImports,
    bytes: output?.contents.byteLength ?? 0,
    text: output?.text ?? '',
    inputs: result.metafile.inputs,
  };
}

describe('the root entry bundled for an edge runtime', async () => {
  const bundle = await bundleForEdge(ROOT_ENTRY);

  it('imports no Node built-in, directly or through any module it bundles', () => {
    expect(bundle.nodeImports).toEqual([]);
  });

  it('reaches no evaluation, benchmark, end-to-end, report or CLI module', () => {
    const reached = Object.keys(bundle.inputs).filter((path) =>
      /(^|\/)src\/(eval|bench|e2e|report|cli)\//.test(path),
    );
    expect(reached).toEqual([]);
  });

  it('reaches no word-vector table or loader (tool-disclosure/word-vectors)', () => {
    const reached = Object.keys(bundle.inputs).filter((path) => /(^|\/)src\/vectors\//.test(path));
    expect(reached).toEqual([]);
    expect(bundle.text).not.toContain('word-vectors.bin');
    // The default ranker imports the loader in Node, when a request first needs the table, by a
    // specifier no bundler follows: that specifier is the only trace of it, beside the subpath
    // its warning tells a bundled app to import instead.
    expect(bundle.text.match(/[\w./-]*word-vectors[\w./-]*/g)).toEqual([
      '../vectors/load-word-vectors.js',
      'tool-disclosure/word-vectors',
    ]);
  });

  it(`stays under ${ROOT_BUNDLE_MAX_BYTES.toLocaleString('en')} bytes minified`, () => {
    expect(bundle.bytes).toBeGreaterThan(0);
    expect(bundle.bytes).toBeLessThanOrEqual(ROOT_BUNDLE_MAX_BYTES);
  });

  it('would see a Node import: the evaluation entry, which reads files, shows its own', async () => {
    const evaluation = await bundleForEdge(
      fileURLToPath(new URL('../tooling/src/eval/index.ts', import.meta.url)),
    );
    expect(evaluation.nodeImports).toContain(
      'tooling/src/eval/load-eval-corpus.ts imports node:fs/promises',
    );
  });
});

describe('the MCP snapshot entry (tool-disclosure/mcp) bundled for an edge runtime', () => {
  // A serverless or edge function serves snapshot tools and connects over HTTP; the snapshot
  // code itself must not need Node.
  it('imports no Node built-in, directly or through any module it bundles', async () => {
    const mcp = await bundleForEdge(fileURLToPath(new URL('../src/mcp/index.ts', import.meta.url)));
    expect(mcp.bytes).toBeGreaterThan(0);
    expect(mcp.nodeImports).toEqual([]);
  });
});

describe('the word-vector entry (tool-disclosure/word-vectors) bundled for an edge runtime', () => {
  // An edge route can pass its own table (parseWordVectors of fetched bytes) to
  // createWordVectorRanker; webpack fails the whole build on any node: import it meets.
  it('imports no Node built-in: the loader reaches them through process.getBuiltinModule', async () => {
    const vectors = await bundleForEdge(
      fileURLToPath(new URL('../src/vectors/index.ts', import.meta.url)),
    );
    expect(vectors.bytes).toBeGreaterThan(0);
    expect(vectors.nodeImports).toEqual([]);
  });
});

describe('the hybrid search entry (tool-disclosure/hybrid) bundled for an edge runtime', () => {
  // Hybrid search runs where the app's search runs, edge functions included: it takes the app's
  // embedding model and must reach neither a Node built-in nor the word-vector table's loader.
  it('imports no Node built-in and reaches no word-vector module', async () => {
    const hybrid = await bundleForEdge(
      fileURLToPath(new URL('../tooling/src/hybrid/index.ts', import.meta.url)),
    );
    expect(hybrid.bytes).toBeGreaterThan(0);
    expect(hybrid.nodeImports).toEqual([]);
    expect(Object.keys(hybrid.inputs).filter((path) => path.includes('src/vectors/'))).toEqual([]);
  });
});
