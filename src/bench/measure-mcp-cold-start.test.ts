import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { McpServerError } from '../cli/mcp-server-error.js';
import { measureMcpColdStart } from './measure-mcp-cold-start.js';

const fixture = fileURLToPath(new URL('../../test/fixtures/mcp-server.ts', import.meta.url));
const server = (name: string) => ({
  name,
  command: process.execPath,
  args: ['--experimental-strip-types', '--no-warnings', fixture],
});

describe('measureMcpColdStart', () => {
  it('times a cold request over real stdio servers, live and from a snapshot', async () => {
    const measured = await measureMcpColdStart({
      servers: [server('alpha'), server('beta'), server('gamma')],
      repetitions: 2,
    });
    expect(measured).toMatchObject({ servers: 3, tools: 15, repetitions: 2 });
    expect(measured.snapshot_bytes).toBeGreaterThan(1000);
    expect(measured.live_ms).toBeGreaterThan(0);
    expect(measured.snapshot_ms).toBeGreaterThan(0);
    // Starting three processes costs far more than reading a file.
    expect(measured.snapshot_ms).toBeLessThan(measured.live_ms);
    expect(measured.ratio).toBeCloseTo(measured.snapshot_ms / measured.live_ms, 10);
  }, 60_000);

  it('names a server that does not start, instead of a closed transport', async () => {
    const broken = { name: 'broken', command: process.execPath, args: ['-e', 'process.exit(3)'] };
    const failure = await measureMcpColdStart({
      servers: [server('alpha'), broken],
      repetitions: 1,
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(McpServerError);
    expect(failure).toMatchObject({ server: 'broken', problem: 'start' });
  }, 60_000);
});
