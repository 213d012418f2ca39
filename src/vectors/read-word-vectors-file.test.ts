import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidWordVectorsError } from '../error/invalid-word-vectors-error.js';
import { readWordVectorsFile } from './read-word-vectors-file.js';

/** What webpack leaves of `new URL('../../data/word-vectors.bin', import.meta.url)`: a URL path, no file. */
const webpackUrl = { href: '/_next/static/media/word-vectors.1c116430.bin', protocol: '' };

describe('readWordVectorsFile', () => {
  let app: string;

  beforeAll(async () => {
    app = await mkdtemp(join(tmpdir(), 'word-vectors-app-'));
    await mkdir(join(app, 'node_modules', 'tool-disclosure', 'data'), { recursive: true });
    await writeFile(
      join(app, 'node_modules', 'tool-disclosure', 'data', 'word-vectors.bin'),
      'TDWV',
    );
    await mkdir(join(app, '.next', 'server'), { recursive: true });
  });

  afterAll(() => rm(app, { recursive: true, force: true }));

  it('reads a file: URL as it is', async () => {
    const url = new URL('../../data/word-vectors.bin', import.meta.url);
    const bytes = await readWordVectorsFile({ url, directory: app });
    expect(bytes.byteLength).toBeGreaterThan(2_000_000);
  });

  it("reads the app's installed copy when a bundler left a URL that names no file", async () => {
    for (const directory of [app, join(app, '.next', 'server')]) {
      const bytes = await readWordVectorsFile({ url: webpackUrl, directory });
      expect(new TextDecoder().decode(bytes)).toBe('TDWV');
    }
  });

  it('lists where it looked when no copy is installed', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'word-vectors-empty-'));
    try {
      const error = await readWordVectorsFile({ url: webpackUrl, directory: empty }).catch(
        (caught: unknown) => caught,
      );
      expect(InvalidWordVectorsError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({ problem: 'unreadable', actual: 'no such file' });
      expect((error as InvalidWordVectorsError).expected).toContain(
        join(empty, 'node_modules', 'tool-disclosure', 'data', 'word-vectors.bin'),
      );
      expect((error as InvalidWordVectorsError).expected).toContain(webpackUrl.href);
      expect((error as InvalidWordVectorsError).expected).toContain('outputFileTracingIncludes');
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });

  it('is a runtime error, naming the way out, where Node built-ins are missing (edge runtimes)', async () => {
    const { getBuiltinModule } = process;
    const unsupported = new Error(
      'A Node.js API is used (process.getBuiltinModule) which is not supported in the Edge Runtime.',
    );
    // A runtime without Node has no such function; Next.js's edge sandbox (next start) has one that throws.
    const standIns = [
      undefined,
      () => {
        throw unsupported;
      },
    ];
    try {
      for (const standIn of standIns) {
        Object.defineProperty(process, 'getBuiltinModule', { value: standIn, configurable: true });
        const error = await readWordVectorsFile({ url: webpackUrl }).catch(
          (caught: unknown) => caught,
        );
        expect(error).toMatchObject({
          name: 'ToolDisclosureInvalidWordVectorsError',
          problem: 'runtime',
        });
        expect((error as Error).cause).toBe(standIn === undefined ? undefined : unsupported);
        expect((error as Error).message).toContain('parseWordVectors(bytes)');
      }
    } finally {
      Object.defineProperty(process, 'getBuiltinModule', {
        value: getBuiltinModule,
        configurable: true,
      });
    }
  });
});
