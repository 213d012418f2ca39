import { InvalidWordVectorsError } from '../error/invalid-word-vectors-error.js';

/** Where the shipped table sits inside an installed copy of the package. */
const installedTable = ['tool-disclosure', 'data', 'word-vectors.bin'];

/**
 * Reads the bytes of the shipped word-vector table in Node. `url` is where the module that
 * ships the table says it is. Unbundled, and after Turbopack (which copies the file beside its
 * chunks), that is a `file:` URL, read as it is. Webpack turns it into a URL path of its own
 * (`/_next/static/media/word-vectors.1c116430.bin`) that names no file, so the table is then
 * read from `tool-disclosure/data/word-vectors.bin` in the `node_modules` folders Node would
 * search from `directory` (the app's). A runtime without Node's file system (an edge runtime, a
 * browser) or no file found is an `InvalidWordVectorsError`.
 *
 * @example
 * const bytes = await readWordVectorsFile({ url: new URL('../../data/word-vectors.bin', import.meta.url) });
 */
export async function readWordVectorsFile({
  url,
  directory,
}: {
  /** The table's location as the shipping module computed it: a URL, or webpack's stand-in. */
  url: Pick<URL, 'href' | 'protocol'>;
  /**
   * Where to start the `node_modules` search when `url` is not a file.
   * @default process.cwd()
   */
  directory?: string;
}): Promise<Uint8Array> {
  const node = nodeBuiltins();
  const { readFile } = node.fileSystem;
  const bundled = url.protocol !== 'file:';
  const candidates = bundled
    ? installedCopies(node, directory ?? node.currentDirectory())
    : [new URL(url.href)];
  let lastError: unknown;
  for (const candidate of candidates) {
    try {
      return await readFile(candidate);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT') {
        throw new InvalidWordVectorsError({
          problem: 'unreadable',
          expected: `a file at ${String(candidate)}`,
          actual: `an error reading it (${code ?? String(error)})`,
          cause: error,
        });
      }
      lastError = error;
    }
  }
  throw new InvalidWordVectorsError({
    problem: 'unreadable',
    expected: bundled
      ? `a file at one of ${candidates.join(', ')} (bundled, the code cannot read ${url.href}, so it reads the app's node_modules; with output: 'standalone', add node_modules/tool-disclosure/data/word-vectors.bin to outputFileTracingIncludes)`
      : `a file at ${url.href}`,
    actual: 'no such file',
    cause: lastError,
  });
}

/** The Node built-ins reading the table needs. */
interface NodeBuiltins {
  fileSystem: typeof import('node:fs/promises');
  module: typeof import('node:module');
  path: typeof import('node:path');
  currentDirectory: () => string;
}

/**
 * Node's built-ins, through `process.getBuiltinModule` rather than `import('node:fs/promises')`:
 * a bundler sees no import, so this module also bundles for edge runtimes (webpack rejects node:
 * imports there at build time). Next.js's edge runtime gives `process.getBuiltinModule` as a
 * function that throws ("A Node.js API is used …"): that error becomes the cause.
 */
function nodeBuiltins(): NodeBuiltins {
  let cause: unknown;
  try {
    const runtime = globalThis.process as NodeJS.Process | undefined;
    if (typeof runtime?.getBuiltinModule === 'function') {
      return {
        fileSystem: runtime.getBuiltinModule('node:fs/promises'),
        module: runtime.getBuiltinModule('node:module'),
        path: runtime.getBuiltinModule('node:path'),
        currentDirectory: () => runtime.cwd(),
      };
    }
  } catch (error) {
    cause = error;
  }
  throw new InvalidWordVectorsError({
    problem: 'runtime',
    expected: 'Node.js 22.3 or later (process.getBuiltinModule) to read data/word-vectors.bin',
    actual: 'a runtime without it',
    cause,
  });
}

/** Every `tool-disclosure/data/word-vectors.bin` Node's package lookup would try from `directory`. */
function installedCopies({ module, path }: NodeBuiltins, directory: string): string[] {
  const folders = module
    .createRequire(path.join(directory, 'package.json'))
    .resolve.paths('tool-disclosure');
  return (folders ?? []).map((folder) => path.join(folder, ...installedTable));
}
