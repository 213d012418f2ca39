import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runCliCaptured } from './run-cli-captured.case.js';

const packageJson = JSON.parse(
  readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
) as { version: string };

describe('tool-disclosure', () => {
  it('prints the package version with --version and -v', async () => {
    for (const flag of ['--version', '-v']) {
      expect(await runCliCaptured([flag])).toEqual({
        code: 0,
        stdout: `${packageJson.version}\n`,
        stderr: '',
      });
    }
  });

  it('lists --version in its help', async () => {
    const { code, stdout } = await runCliCaptured(['--help']);
    expect(code).toBe(0);
    expect(stdout).toContain('-v, --version');
  });

  it('exits 2 on an unknown command, and on no command at all', async () => {
    expect((await runCliCaptured(['--verison'])).code).toBe(2);
    expect((await runCliCaptured([])).code).toBe(2);
  });

  it('cites no spec sections or issue numbers in any help text', async () => {
    const commands = [
      'inspect',
      'eval',
      'search',
      'baseline',
      'gates',
      'demo',
      'bench',
      'e2e',
      'report',
    ];
    const texts = [(await runCliCaptured(['--help'])).stdout];
    for (const command of commands) {
      const { code, stdout } = await runCliCaptured([command, '--help']);
      expect(code).toBe(0);
      texts.push(stdout);
    }
    for (const text of texts) expect(text).not.toMatch(/SPEC|§|issue \d/);
  });
});
