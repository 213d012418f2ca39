import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadWordVectors } from '../vectors/load-word-vectors.js';
import { loadPackageWordVectors } from './load-package-word-vectors.js';

describe('loadPackageWordVectors', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("shares the package's table, read once, in Node", async () => {
    const loading = loadPackageWordVectors();
    expect(loadPackageWordVectors()).toBe(loading);
    const table = await loading;
    expect(table).toBe(await loadWordVectors());
    expect(table?.has('hous')).toBe(true);
  });

  it('answers undefined, without a warning or a try, where Node’s file system is missing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    for (const runtime of ['edge', 'old node']) {
      vi.resetModules();
      // A fresh module: the table's load is shared once per process, failure included.
      const fresh = await import('./load-package-word-vectors.js');
      if (runtime === 'edge') vi.stubGlobal('EdgeRuntime', 'edge-runtime');
      else vi.stubGlobal('process', { ...process, getBuiltinModule: undefined });
      await expect(fresh.loadPackageWordVectors()).resolves.toBeUndefined();
      vi.unstubAllGlobals();
      await expect(fresh.loadPackageWordVectors()).resolves.toBeUndefined();
    }
    expect(warn).not.toHaveBeenCalled();
  });

  it('warns once and answers undefined from then on when the file cannot be read', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.resetModules();
    const fresh = await import('./load-package-word-vectors.js');
    const missing = Object.assign(new Error('no such file'), { code: 'ENOENT' });
    const builtin = process.getBuiltinModule.bind(process);
    const getBuiltinModule = (id: string) =>
      id === 'node:fs/promises' ? { readFile: () => Promise.reject(missing) } : builtin(id);
    vi.stubGlobal('process', { ...process, getBuiltinModule });
    expect(
      await Promise.all([fresh.loadPackageWordVectors(), fresh.loadPackageWordVectors()]),
    ).toEqual([undefined, undefined]);
    vi.unstubAllGlobals();
    expect(await fresh.loadPackageWordVectors()).toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(
      /^\[tool-disclosure\] The default ranker could not load the package's word vectors.*\(unreadable\).*wordVectors: false/,
    );
  });
});
