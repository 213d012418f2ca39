import { describe, expect, it } from 'vitest';
import { runCliCaptured } from './run-cli-captured.case.js';

describe('the tool source flags in --help', () => {
  it.each(['demo', 'bench', 'eval'])(
    '%s, which has a catalog of its own, says a source is optional',
    async (command) => {
      const { code, stdout } = await runCliCaptured([command, '--help']);
      expect(code).toBe(0);
      expect(stdout).toContain(
        'Tool sources (each repeatable; combine any of them, or give none):\n  --catalog FILE',
      );
      expect(stdout).not.toContain('at least one is needed');
    },
  );

  it.each(['inspect', 'search'])(
    '%s, which reads no tools without one, says one is needed',
    async (command) => {
      const { code, stdout } = await runCliCaptured([command, '--help']);
      expect(code).toBe(0);
      expect(stdout).toContain(
        'Tool sources (each repeatable; combine any of them, at least one is needed):\n  --catalog FILE',
      );
    },
  );
});
