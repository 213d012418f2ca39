import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateText, isStepCount, type ToolExecutionOptions } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { McpConnectionError } from '../error/mcp-connection-error.js';
import { StaleSnapshotError } from '../error/stale-snapshot-error.js';
import { scriptedModel } from '../wrap/scripted-model.case.js';
import { withToolDisclosure } from '../wrap/with-tool-disclosure.js';
import { createMcpToolsFromSnapshot } from './create-mcp-tools-from-snapshot.js';
import { createToolSnapshot } from './create-tool-snapshot.js';
import { fingerprintMcpTool } from './fingerprint-mcp-tool.js';
import { connectFixtureServer, type FixtureServerOptions } from './fixture-server.case.js';
import type { McpToolClient } from './mcp-tool-client.js';
import { parseToolSnapshot } from './parse-tool-snapshot.js';
import type { ToolSnapshot } from './tool-snapshot.js';

let snapshot: ToolSnapshot;
let directory: string;

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'tool-disclosure-snapshot-'));
  const client = await connectFixtureServer();
  try {
    snapshot = await createToolSnapshot([{ name: 'forge', client }]);
  } finally {
    await client.close();
  }
}, 20_000);

afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

const options: ToolExecutionOptions<unknown> = { toolCallId: 'c1', messages: [], context: {} };

/** The snapshot's tools served over a real fixture server, counting connections; its call log. */
function serve(fixture: Omit<FixtureServerOptions, 'callLog'> = {}) {
  const callLog = join(directory, `calls-${Math.random().toString(36).slice(2)}.log`);
  const connected: string[] = [];
  const served = createMcpToolsFromSnapshot(snapshot, {
    connect: async (server) => {
      connected.push(server);
      return connectFixtureServer({ ...fixture, callLog });
    },
  });
  const run = (key: string, input: unknown) => {
    const execute = served.tools[key]?.execute;
    if (!execute) throw new Error(`no tool ${key}`);
    return Promise.resolve(execute(input, options));
  };
  const calls = async () =>
    (await readFile(callLog, 'utf8').catch(() => '')).split('\n').filter(Boolean);
  return { ...served, connected, run, calls };
}

const textResult = (value: unknown) => ({
  content: [{ type: 'text', text: JSON.stringify(value) }],
  isError: false,
});

describe('createMcpToolsFromSnapshot over the real fixture server', () => {
  it('serves the tools keyed server.tool without connecting, and connects once for two calls', async () => {
    const served = serve();
    try {
      expect(Object.keys(served.tools)).toEqual([
        'forge.deploy.fail',
        'forge.files.read',
        'forge.issues/create',
        'forge.issues/list',
        'forge.repos.create',
      ]);
      expect(served.tools['forge.files.read']).toMatchObject({
        type: 'dynamic',
        description: 'Read a file from the default branch.',
        metadata: { namespace: 'forge', clientName: 'forge', toolName: 'files.read' },
      });
      expect(served.connected).toEqual([]);
      const [read, created] = await Promise.all([
        served.run('forge.files.read', { path: 'README.md' }),
        served.run('forge.issues/create', { title: 'Crash' }),
      ]);
      expect(read).toEqual(textResult({ path: 'README.md', content: 'contents of README.md' }));
      expect(created).toEqual(
        textResult({ created: 'issue', number: 1, title: 'Crash', body: '', labels: [] }),
      );
      await served.run('forge.issues/list', { state: 'open' });
      expect(served.connected).toEqual(['forge']);
      expect(await served.calls()).toEqual(['files.read', 'issues/create']);
    } finally {
      await served.close();
    }
  }, 20_000);

  it('answers a tool its server changed with stale_snapshot, and never runs it', async () => {
    const served = serve({ variant: 'changed' });
    try {
      const error = await served.run('forge.issues/create', { title: 'Crash' }).catch((e) => e);
      expect(StaleSnapshotError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({
        kind: 'stale_snapshot',
        server: 'forge',
        tool: 'issues/create',
        reason: 'changed',
      });
      expect(error.message).toContain('stale_snapshot');
      expect(error.toJSON()).toEqual({
        error: {
          kind: 'stale_snapshot',
          message: error.message,
          server: 'forge',
          tool: 'issues/create',
          reason: 'changed',
        },
      });
      // Its unchanged neighbours still run, over the same connection.
      await served.run('forge.files.read', { path: 'a.md' });
      expect(served.connected).toEqual(['forge']);
      expect(await served.calls()).toEqual(['files.read']);
    } finally {
      await served.close();
    }
  }, 20_000);

  it('answers a tool its server no longer lists with stale_snapshot', async () => {
    const served = serve({ variant: 'vanished' });
    try {
      await expect(served.run('forge.files.read', { path: 'a.md' })).rejects.toMatchObject({
        kind: 'stale_snapshot',
        reason: 'vanished',
        tool: 'files.read',
      });
      expect(await served.calls()).toEqual([]);
    } finally {
      await served.close();
    }
  }, 20_000);

  it('reports a failed connection naming the server, and tries again on the next call', async () => {
    let attempts = 0;
    const client = await connectFixtureServer();
    const served = createMcpToolsFromSnapshot(snapshot, {
      connect: async (): Promise<McpToolClient> => {
        attempts += 1;
        if (attempts === 1) throw new Error('ECONNREFUSED');
        return client;
      },
    });
    try {
      const execute = served.tools['forge.files.read']?.execute;
      const error = await Promise.resolve(execute?.({ path: 'a.md' }, options)).catch((e) => e);
      expect(McpConnectionError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({ server: 'forge', stage: 'connect' });
      expect(error.message).toBe('Could not connect to MCP server "forge": ECONNREFUSED');
      await expect(Promise.resolve(execute?.({ path: 'a.md' }, options))).resolves.toEqual(
        textResult({ path: 'a.md', content: 'contents of a.md' }),
      );
      expect(attempts).toBe(2);
    } finally {
      await served.close();
    }
  }, 20_000);

  it('closes the clients it opened, and connects again after close', async () => {
    let closed = 0;
    const served = createMcpToolsFromSnapshot(snapshot, {
      connect: async () => {
        const client = await connectFixtureServer();
        return {
          listTools: (listOptions) => client.listTools(listOptions),
          callTool: (call) => client.callTool(call),
          close: () => {
            closed += 1;
            return client.close();
          },
        };
      },
    });
    const read = () => served.tools['forge.files.read']?.execute?.({ path: 'a.md' }, options);
    await read();
    await served.close();
    expect(closed).toBe(1);
    await served.close();
    expect(closed).toBe(1);
    await read();
    await served.close();
    expect(closed).toBe(2);
  }, 20_000);

  it('carries MCP annotations as metadata.annotations, where the wrapper reads them', () => {
    const tool = {
      server: 'wiki',
      name: 'read',
      inputSchema: { type: 'object' },
      annotations: { readOnlyHint: true, title: 'Read' },
    };
    const served = createMcpToolsFromSnapshot(
      parseToolSnapshot({
        schema_version: 1,
        servers: [{ name: 'wiki' }],
        tools: [{ ...tool, fingerprint: fingerprintMcpTool(tool) }],
      }),
      { connect: () => Promise.reject(new Error('not called')) },
    );
    expect(served.tools['wiki.read']?.metadata).toEqual({
      namespace: 'wiki',
      clientName: 'wiki',
      toolName: 'read',
      annotations: { readOnlyHint: true, title: 'Read' },
    });
  });
});

describe('snapshot tools through the wrapper', () => {
  it('runs a snapshot tool through tool_call, and tells the model stale_snapshot for a changed one', async () => {
    const fresh = serve();
    const changed = serve({ variant: 'changed' });
    try {
      const runWith = async (served: ReturnType<typeof serve>) => {
        const model = scriptedModel('generateText', [
          [['a', 'tool_call', { name: 'forge.issues/create', arguments: '{"title":"Broken"}' }]],
          [],
        ]);
        const settings = await withToolDisclosure(
          { model, tools: served.tools, prompt: 'File the issue', stopWhen: isStepCount(3) },
          { maxTools: 1, environment: {} },
        );
        const result = await generateText(settings as never);
        const part = result.steps
          .flatMap((step) => step.content)
          .find((content) => content.type === 'tool-result' || content.type === 'tool-error');
        // What the model read of the call: the tool result in the next model call's prompt.
        const toModel = model.doGenerateCalls[1]?.prompt
          .flatMap((message) => (message.role === 'tool' ? message.content : []))
          .find((content) => content.type === 'tool-result');
        return { part, toModel };
      };

      // The app sees a call of the snapshot tool itself, under its key.
      const ok = await runWith(fresh);
      expect(ok.part).toMatchObject({
        type: 'tool-result',
        toolName: 'forge.issues/create',
        input: { title: 'Broken' },
        output: textResult({ created: 'issue', number: 1, title: 'Broken', body: '', labels: [] }),
      });
      expect(ok.toModel).toMatchObject({
        toolName: 'forge__issues__create',
        output: { type: 'content' },
      });
      expect(fresh.connected).toEqual(['forge']);

      const stale = await runWith(changed);
      expect(stale.part).toMatchObject({ type: 'tool-error', toolName: 'forge.issues/create' });
      const error = (stale.part as { error: unknown }).error;
      expect(StaleSnapshotError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({
        kind: 'stale_snapshot',
        server: 'forge',
        tool: 'issues/create',
        reason: 'changed',
      });
      // ai writes a tool's thrown error as its text, which names the kind first.
      expect(stale.toModel).toMatchObject({
        toolName: 'forge__issues__create',
        output: {
          type: 'error-text',
          value: expect.stringContaining('stale_snapshot: "issues/create" was not run'),
        },
      });
      expect(await changed.calls()).toEqual([]);
    } finally {
      await Promise.all([fresh.close(), changed.close()]);
    }
  }, 30_000);
});
