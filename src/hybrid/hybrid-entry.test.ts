import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

// tool-disclosure/hybrid runs where the app's search runs, edge functions included: bundled
// as an edge bundler would (peers left to the app), it must reach no Node built-in and none
// of the word-vector table's loader, which reads a file.

const ENTRY = fileURLToPath(new URL('./index.ts', import.meta.url));
const PEERS = ['ai', 'zod', '@opentelemetry/api'];
const nodeBuiltins = new Set(builtinModules.filter((name) => !name.startsWith('_')));

describe('the tool-disclosure/hybrid entry bundled for an edge runtime', async () => {
  const nodeImports: string[] = [];
  const result = await build({
    entryPoints: [ENTRY],
    bundle: true,
    write: false,
    metafile: true,
    format: 'esm',
    platform: 'neutral',
    conditions: ['edge-light', 'worker', 'browser', 'module'],
    mainFields: ['module', 'main'],
    external: PEERS.flatMap((name) => [name, `${name}/*`]),
    plugins: [
      {
        name: 'record-node-imports',
        setup(plugin) {
          plugin.onResolve({ filter: /.*/ }, ({ path, kind }) => {
            if (kind === 'entry-point') return undefined;
            if (!path.startsWith('node:') && !nodeBuiltins.has(path.split('/')[0] as string)) {
              return undefined;
            }
            nodeImports.push(path);
            return { path, external: true };
          });
        },
      },
    ],
    logLevel: 'silent',
  });

  it('imports no Node built-in and reaches no word-vector module', () => {
    expect(nodeImports).toEqual([]);
    expect(
      Object.keys(result.metafile.inputs).filter((path) => path.includes('src/vectors/')),
    ).toEqual([]);
  });
});
