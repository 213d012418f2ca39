import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('../scripts/check-no-timing-assertions.mjs', import.meta.url));

/** Runs the check over one folder holding `files`; its exit code and the lines it flagged. */
async function check(files: Record<string, string>): Promise<{ code: number; flagged: string[] }> {
  const directory = mkdtempSync(join(tmpdir(), 'timing-assertions-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(directory, name), text);
  const result = await promisify(execFile)(process.execPath, [script, directory], {
    cwd: directory,
  }).then(
    ({ stderr }) => ({ code: 0, stderr }),
    (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr }),
  );
  const flagged = result.stderr.split('\n').filter((line) => /^[\w.-]+:\d+: /.test(line));
  return { code: result.code, flagged };
}

describe('check-no-timing-assertions', () => {
  it('flags an expectation that orders a clock or heap reading, directly or through a name', async () => {
    const { code, flagged } = await check({
      'direct.test.ts': [
        "it('a', () => {",
        '  const started = performance.now();',
        '  work();',
        '  expect(performance.now() - started).toBeLessThan(500);',
        '  expect(Date.now() - started).toBeLessThanOrEqual(9);',
        '  expect(process.hrtime.bigint() > 0n).toBe(true);',
        '});',
      ].join('\n'),
      'through-names.test.ts': [
        'function heapAround(collect: () => void) {',
        '  const before = process.memoryUsage().heapUsed;',
        '  collect();',
        '  return { before, after: process.memoryUsage().heapUsed };',
        '}',
        'const elapsedOf = (start: number) => performance.now() - start;',
        "it('b', () => {",
        '  const { before, after } = heapAround(() => {});',
        '  expect(after).not.toBeGreaterThan(before);',
        '  let elapsed = 0;',
        '  elapsed = elapsedOf(0);',
        '  expect(elapsed).toBeCloseTo(3);',
        '  const usage = process.memoryUsage();',
        '  expect(usage.heapUsed).toBeGreaterThanOrEqual(1);',
        '});',
      ].join('\n'),
    });
    expect(code).toBe(1);
    expect(flagged.map((line) => line.replace(/:.*?: /, ': '))).toEqual([
      'direct.test.ts: expect(performance.now() - started).toBeLessThan(500);',
      'direct.test.ts: expect(Date.now() - started).toBeLessThanOrEqual(9);',
      'direct.test.ts: expect(process.hrtime.bigint() > 0n).toBe(true);',
      'through-names.test.ts: expect(after).not.toBeGreaterThan(before);',
      'through-names.test.ts: expect(elapsed).toBeCloseTo(3);',
      'through-names.test.ts: expect(usage.heapUsed).toBeGreaterThanOrEqual(1);',
    ]);
    expect(flagged[0]).toMatch(/^direct\.test\.ts:4: /);
  });

  it('leaves alone clocks read for deadlines, fake clocks, comments, strings and other files', async () => {
    const { code, flagged } = await check({
      'legitimate.test.ts': [
        '// expect(performance.now() - started).toBeLessThan(500);',
        'async function exited(timeoutMs: number): Promise<boolean> {',
        '  const deadline = Date.now() + timeoutMs;',
        '  while (running()) {',
        '    if (Date.now() > deadline) return false;',
        '    await sleep(20);',
        '  }',
        '  return true;',
        '}',
        "it('c', async () => {",
        '  expect(await exited(1_000)).toBe(true);',
        '  vi.setSystemTime(5);',
        '  expect(Date.now()).toBe(5);',
        '  let now = 0;',
        '  const tick = () => ++now;',
        '  expect(tick()).toBeGreaterThan(0);',
        "  expect('performance.now() - started').not.toBe('');",
        // A template's text is blanked, its placeholder kept: `took ${performance.now()} ms`.
        '  expect(`took $' + "{performance.now()} ms`).toContain('took');",
        '  const meter = { memoryUsage: () => ({ heapUsed: 3, arrayBuffers: 0 }) };',
        '  expect(measure(meter)).toBeGreaterThan(2);',
        '  const items = [1, 2];',
        '  expect(items.length).toBeGreaterThan(1);',
        '});',
      ].join('\n'),
      'not-a-test.ts': 'expect(performance.now() - started).toBeLessThan(500);',
    });
    expect(flagged).toEqual([]);
    expect(code).toBe(0);
  });
});
