import { describe, expect, it } from 'vitest';
import type { CliIo } from './cli-io.js';
import { CliUsageError } from './cli-usage-error.js';
import { defineCommand } from './define-command.js';

const usage = 'Usage: tool-disclosure try [--name NAME] [WORD]';

function capture(): CliIo & { out: string[] } {
  const out: string[] = [];
  return { out, stdout: (text) => out.push(text), stderr: () => {}, environment: {} };
}

const command = defineCommand(
  { usage, options: { name: { type: 'string' } }, positionals: 1 },
  async ({ values, positionals, usageError }, io) => {
    if (values.name === 'bad') throw usageError('--name must not be bad');
    io.stdout(`${values.name ?? '-'} ${positionals.join(',')}`);
    return 0;
  },
);

describe('defineCommand', () => {
  it('runs the body with the parsed flags and positionals', async () => {
    const io = capture();
    expect(await command(['--name', 'a', 'word'], io)).toBe(0);
    expect(io.out).toEqual(['a word']);
  });

  it('prints the usage for --help and -h, without running the body', async () => {
    for (const flag of ['--help', '-h']) {
      const io = capture();
      expect(await command([flag, '--name', 'bad'], io)).toBe(0);
      expect(io.out).toEqual([`${usage}\n`]);
    }
  });

  it('refuses a positional past the ones the command takes, with the usage', async () => {
    const error = await command(['one', 'two'], capture()).catch((caught: unknown) => caught);
    expect(CliUsageError.isInstance(error)).toBe(true);
    expect((error as Error).message).toBe(`unexpected argument "two"\n\n${usage}`);
  });

  it('refuses an unknown flag, with the usage', async () => {
    const error = await command(['--nope'], capture()).catch((caught: unknown) => caught);
    expect(CliUsageError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(/--nope[\s\S]*\n\nUsage: tool-disclosure try/);
  });

  it("ends the body's usage errors with the usage", async () => {
    const error = await command(['--name', 'bad'], capture()).catch((caught: unknown) => caught);
    expect((error as Error).message).toBe(`--name must not be bad\n\n${usage}`);
  });
});
