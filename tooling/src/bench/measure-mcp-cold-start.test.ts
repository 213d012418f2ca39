import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { McpServerError } from '../cli/mcp-server-error.js';
import { measureMcpColdStart } from './measure-mcp-cold-start.js';
import { scriptedClock } from './scripted-clock.case.js';

const fixture = fileURLToPath(new URL('../../../test/fixtures/mcp-server.ts', import.meta.url));
const server = (name: string) => ({
  name,
  command: process.execPath,
  args: ['--experimental-strip-types', '--no-warnings', fixture],
});

describe('measureMcpColdStart', () => {
  it('runs a cold request over real stdio servers, live and from a snapshot, and divides the medians', async () => {
    // One untimed run of each path, then pairs alternating which goes first:
    // live, snapshot | snapshot, live.
    const clock = scriptedClock([999, 999, 400, 20, 30, 600]);
    const measured = await measureMcpColdStart({
      servers: [server('alpha'), server('beta'), server('gamma')],
      repetitions: 2,
      now: clock.now,
    });
    const { snapshot_bytes, ...timed } = measured;
    expect(timed).toEqual({
      servers: 3,
      tools: 15,
      repetitions: 2,
      live_ms: 500,
      snapshot_ms: 25,
      ratio: 0.05,
    });
    expect(clock.unused()).toBe(0);
    // Five tools of each of three servers, with their schemas, in JSON.
    expect(snapshot_bytes).toBeGreaterThan(1000);
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
