import { setImmediate as nextTurn } from 'node:timers/promises';
import { isStepCount, type LanguageModel, type ToolSet } from 'ai';
import { convertArrayToReadableStream, MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { generateText, InvalidOptionError, streamText, ToolBridgeError } from '../index.js';
import {
  type CreateMcpToolsFromSnapshotOptions,
  createMcpToolsFromSnapshot,
  createToolSnapshot,
  fingerprintMcpTool,
  McpConnectionError,
  McpListingLimitError,
  type McpSnapshotTools,
  type McpToolClient,
  type McpToolDefinition,
  parseToolSnapshot,
  type ToolSnapshot,
} from './index.js';

// Servers that misbehave as an attacker's would. No test here measures time: a call is bounded by
// counting (pages listed, tools kept, turns of the event loop) or by an abort signal the test fires.

const read: McpToolDefinition = {
  name: 'read',
  description: 'Read a wiki page.',
  inputSchema: { type: 'object', properties: { page: { type: 'string' } }, required: ['page'] },
};
const write: McpToolDefinition = {
  name: 'write',
  description: 'Write a wiki page.',
  inputSchema: {
    type: 'object',
    properties: { page: { type: 'string' }, text: { type: 'string' } },
  },
};
const history: McpToolDefinition = {
  name: 'history',
  description: 'List the changes of a wiki page.',
  inputSchema: { type: 'object', properties: { page: { type: 'string' } } },
};

function snapshotOf(servers: Record<string, readonly McpToolDefinition[]>): ToolSnapshot {
  return parseToolSnapshot({
    schema_version: 1,
    servers: Object.keys(servers).map((name) => ({ name })),
    tools: Object.entries(servers).flatMap(([server, tools]) =>
      tools.map((tool) => ({ server, ...tool, fingerprint: fingerprintMcpTool(tool) })),
    ),
  });
}

const snapshot = snapshotOf({ wiki: [read, write, history] });

type Page = { tools: readonly McpToolDefinition[]; nextCursor?: string };

const never = <VALUE>() => new Promise<VALUE>(() => {});

/** Answers on the next turn of the event loop: as fast as a server can, without starving timers. */
const soon = <VALUE>(value: VALUE) => nextTurn().then(() => value);

const textResult = (text: string) => ({ content: [{ type: 'text', text }], isError: false });

/** A fake MCP client whose every method can misbehave; it counts its calls and keeps their signals. */
function fakeServer({
  list = () => soon({ tools: [read, write, history] }),
  call = () => soon(textResult('the page')),
  close = () => Promise.resolve(),
}: {
  list?: (index: number, cursor: string | undefined) => Promise<Page>;
  call?: (index: number) => Promise<unknown>;
  close?: () => Promise<void>;
} = {}) {
  const counts = { list: 0, call: 0, close: 0 };
  const listSignals: (AbortSignal | undefined)[] = [];
  const callSignals: (AbortSignal | undefined)[] = [];
  const called: string[] = [];
  const client: McpToolClient = {
    listTools(options) {
      listSignals.push(options?.options?.signal);
      counts.list += 1;
      return list(counts.list, options?.params?.cursor);
    },
    callTool({ name, options }) {
      callSignals.push(options?.signal);
      called.push(name);
      counts.call += 1;
      return call(counts.call);
    },
    close() {
      counts.close += 1;
      return close();
    },
  };
  return { client, counts, listSignals, callSignals, called };
}

/** A promise with its resolve, for a connect that answers when the test says. */
function deferred<VALUE>() {
  let resolve: (value: VALUE) => void = () => {};
  const promise = new Promise<VALUE>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** Lets `count` turns of the event loop pass. */
async function turns(count: number): Promise<void> {
  for (let turn = 0; turn < count; turn += 1) await nextTurn();
}

type Outcome =
  | { settled: false }
  | { settled: true; ok: true; value: unknown }
  | { settled: true; ok: false; error: unknown };

/** What `promise` came to within `count` turns of the event loop: a bound by counting, not by time. */
async function outcomeWithin(promise: Promise<unknown>, count = 10): Promise<Outcome> {
  let outcome: Outcome = { settled: false };
  promise.then(
    (value) => {
      outcome = { settled: true, ok: true, value };
    },
    (error: unknown) => {
      outcome = { settled: true, ok: false, error };
    },
  );
  await turns(count);
  return outcome;
}

function serve(options: CreateMcpToolsFromSnapshotOptions, served = snapshot) {
  const tools = createMcpToolsFromSnapshot(served, options);
  const run = (key: string, input: unknown, abortSignal?: AbortSignal) => {
    const execute = tools.tools[key]?.execute;
    if (!execute) throw new Error(`no tool ${key}`);
    return Promise.resolve(
      execute(input, { toolCallId: 'c1', messages: [], context: {}, abortSignal }),
    );
  };
  return { ...tools, run };
}

/** The error a call failed with, or a failure of the test when it did not fail. */
async function failureOf(promise: Promise<unknown>): Promise<Error & Record<string, unknown>> {
  const outcome = await promise.then(
    () => undefined,
    (error: unknown) => error as Error & Record<string, unknown>,
  );
  if (outcome === undefined) throw new Error('the call succeeded');
  return outcome;
}

describe('createMcpToolsFromSnapshot bounds the listing of a misbehaving server', () => {
  it('stops listing a server that repeats its cursor, and fails the call with a typed error', async () => {
    const server = fakeServer({ list: () => soon({ tools: [read], nextCursor: 'again' }) });
    const served = serve({ connect: async () => server.client });

    const error = await failureOf(served.run('wiki.read', { page: 'Home' }));
    expect(McpConnectionError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ server: 'wiki', stage: 'list' });
    expect(McpListingLimitError.isInstance(error.cause)).toBe(true);
    expect(error.cause).toMatchObject({ server: 'wiki', limit: 'cursor', max: undefined });
    expect(error.message).toBe(
      'MCP server "wiki" sent a page cursor it had sent before, which would list the same pages ' +
        'forever; expected a new cursor after each page, or none after the last. It was given up ' +
        'on and its connection closed.',
    );
    expect(server.counts).toEqual({ list: 2, call: 0, close: 1 });
    await turns(50);
    expect(server.counts.list).toBe(2);
  });

  it('stops listing a server that pages without end after maxListPages (100 by default), and fails the call with a typed error', async () => {
    let cursor = 0;
    const server = fakeServer({ list: () => soon({ tools: [], nextCursor: `c${++cursor}` }) });
    const served = serve({ connect: async () => server.client });

    const error = await failureOf(served.run('wiki.read', { page: 'Home' }));
    expect(McpConnectionError.isInstance(error)).toBe(true);
    expect(error.cause).toMatchObject({ limit: 'pages', max: 100, option: 'maxListPages' });
    expect(error.message).toContain(
      'MCP server "wiki" listed more than 100 pages of tools; expected at most 100 (maxListPages)',
    );
    expect(server.counts.list).toBe(100);
    await turns(50);
    expect(server.counts.list).toBe(100);
    expect(server.counts.close).toBe(1);
  });

  it('stops at maxListPages a server whose pages come back in the same tick', async () => {
    let cursor = 0;
    const server = fakeServer({
      list: () => Promise.resolve({ tools: [], nextCursor: `c${++cursor}` }),
    });
    const served = serve({ connect: async () => server.client, maxListPages: 3 });

    const error = await failureOf(served.run('wiki.read', { page: 'Home' }));
    expect(error.cause).toMatchObject({ limit: 'pages', max: 3 });
    expect(server.counts.list).toBe(3);
  });

  it('serves a server that lists exactly maxListPages pages and maxListedTools tools', async () => {
    const pages: Page[] = [
      { tools: [read], nextCursor: 'p2' },
      { tools: [write], nextCursor: 'p3' },
      { tools: [history] },
    ];
    const server = fakeServer({ list: (index) => soon(pages[index - 1] as Page) });
    const served = serve({
      connect: async () => server.client,
      maxListPages: 3,
      maxListedTools: 3,
    });

    await expect(served.run('wiki.read', { page: 'Home' })).resolves.toEqual(
      textResult('the page'),
    );
    expect(server.counts).toEqual({ list: 3, call: 1, close: 0 });
    expect(server.called).toEqual(['read']);
    await served.close();
  });

  it('refuses a server that lists a page of 100,000 tools, past maxListedTools (10,000 by default), and keeps none', async () => {
    const flood = Array.from({ length: 100_000 }, (_, index) => ({
      name: `tool${index}`,
      inputSchema: { type: 'object' },
    }));
    const server = fakeServer({ list: () => soon({ tools: [read, ...flood] }) });
    const served = serve({ connect: async () => server.client });

    const error = await failureOf(served.run('wiki.read', { page: 'Home' }));
    expect(McpConnectionError.isInstance(error)).toBe(true);
    expect(error.cause).toMatchObject({ limit: 'tools', max: 10_000, option: 'maxListedTools' });
    expect(error.message).toContain(
      'MCP server "wiki" listed more than 10000 tools; expected at most 10000 (maxListedTools)',
    );
    expect(server.counts).toEqual({ list: 1, call: 0, close: 1 });
  });

  it('refuses a server whose pages add up to more than maxListedTools, and lists no further page', async () => {
    let cursor = 0;
    const server = fakeServer({
      list: (index) =>
        soon({ tools: [{ ...read, name: `t${index}` }], nextCursor: `c${++cursor}` }),
    });
    const served = serve({ connect: async () => server.client, maxListedTools: 2 });

    const error = await failureOf(served.run('wiki.read', { page: 'Home' }));
    expect(error.cause).toMatchObject({ limit: 'tools', max: 2 });
    expect(server.counts.list).toBe(3);
  });

  it('gives up on a server that never answers tools/list after connectTimeoutMs, with no abort signal, and aborts the listing', async () => {
    const server = fakeServer({ list: never });
    const served = serve({ connect: async () => server.client, connectTimeoutMs: 20 });

    const error = await failureOf(served.run('wiki.read', { page: 'Home' }));
    expect(McpConnectionError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ server: 'wiki', stage: 'list' });
    expect(error.cause).toMatchObject({ limit: 'time', max: 20, option: 'connectTimeoutMs' });
    expect(error.message).toBe(
      'MCP server "wiki" did not connect and list its tools within the 20 ms allowed ' +
        '(connectTimeoutMs). It was given up on and its connection closed.',
    );
    expect(server.listSignals).toHaveLength(1);
    expect(server.listSignals[0]?.aborted).toBe(true);
    expect(server.counts.close).toBe(1);
  });

  it('gives up on a connect that never resolves after connectTimeoutMs, and aborts the signal it was given', async () => {
    const signals: AbortSignal[] = [];
    const served = serve({
      connect: (_server, { signal }) => {
        signals.push(signal);
        return never();
      },
      connectTimeoutMs: 20,
    });

    const error = await failureOf(served.run('wiki.read', { page: 'Home' }));
    expect(McpConnectionError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ server: 'wiki', stage: 'connect' });
    expect(error.cause).toMatchObject({ limit: 'time', max: 20 });
    expect(signals).toHaveLength(1);
    expect(signals[0]?.aborted).toBe(true);
  });

  it('takes no snapshot of a server that repeats its cursor, rather than list it forever', async () => {
    const server = fakeServer({ list: () => soon({ tools: [read], nextCursor: 'again' }) });

    const error = await failureOf(createToolSnapshot([{ name: 'wiki', client: server.client }]));
    expect(McpListingLimitError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ server: 'wiki', limit: 'cursor' });
    expect(server.counts.list).toBe(2);
  });

  it('rejects bounds outside their range with InvalidOptionError naming the option', () => {
    const connect = () => never<McpToolClient>();
    const cases: [keyof CreateMcpToolsFromSnapshotOptions, unknown][] = [
      ['maxListPages', 0],
      ['maxListPages', 1.5],
      ['maxListedTools', -1],
      ['maxListedTools', Number.POSITIVE_INFINITY],
      ['connectTimeoutMs', 0],
      ['connectTimeoutMs', 2 ** 31],
      ['closeTimeoutMs', Number.NaN],
      ['closeTimeoutMs', -1],
      ['closeTimeoutMs', '100'],
    ];
    for (const [option, value] of cases) {
      let thrown: unknown;
      try {
        createMcpToolsFromSnapshot(snapshot, { connect, [option]: value });
      } catch (error) {
        thrown = error;
      }
      expect(InvalidOptionError.isInstance(thrown), `${option}: ${String(value)}`).toBe(true);
      expect(thrown).toMatchObject({ option, value });
    }
    expect(() => createMcpToolsFromSnapshot(snapshot, { connect, closeTimeoutMs: -1 })).toThrow(
      'Invalid closeTimeoutMs: -1. Expected a whole number of milliseconds from 0 to 2147483647, ' +
        'or undefined for the default.',
    );
    expect(() =>
      createMcpToolsFromSnapshot(snapshot, {
        connect,
        maxListPages: 1,
        maxListedTools: 1,
        connectTimeoutMs: 1,
        closeTimeoutMs: 0,
      }),
    ).not.toThrow();
  });
});

describe("createMcpToolsFromSnapshot follows the request's abort signal", () => {
  it('connects to nothing for a request aborted before the call', async () => {
    let connects = 0;
    const served = serve({
      connect: async () => {
        connects += 1;
        return fakeServer().client;
      },
    });
    const controller = new AbortController();
    controller.abort();

    const error = await failureOf(served.run('wiki.read', { page: 'Home' }, controller.signal));
    expect(ToolBridgeError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ kind: 'aborted' });
    expect(connects).toBe(0);
  });

  it('aborts a connect that never resolves when the signal fires, and passes it a signal that aborts', async () => {
    const signals: AbortSignal[] = [];
    const served = serve({
      connect: (_server, { signal }) => {
        signals.push(signal);
        return never();
      },
    });
    const controller = new AbortController();
    const call = served.run('wiki.read', { page: 'Home' }, controller.signal);
    await turns(2);
    expect(signals).toHaveLength(1);
    expect(signals[0]?.aborted).toBe(false);
    controller.abort();

    const outcome = await outcomeWithin(call);
    expect(outcome).toMatchObject({ settled: true, ok: false });
    const error = (outcome as { error: ToolBridgeError }).error;
    expect(ToolBridgeError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      kind: 'aborted',
      details: { server: 'wiki', tool: 'read', stage: 'connect' },
    });
    expect(error.message).toBe(
      'aborted: the call of "read" on MCP server "wiki" was stopped while connecting to the server: the request was aborted.',
    );
    expect(signals[0]?.aborted).toBe(true);
  });

  it('aborts the listing when the signal fires, passes the signal to listTools, and lists no page after', async () => {
    const controller = new AbortController();
    let cursor = 0;
    const server = fakeServer({
      list: (index) => {
        if (index === 5) controller.abort();
        return soon({ tools: [read], nextCursor: `c${++cursor}` });
      },
    });
    const served = serve({ connect: async () => server.client });

    const outcome = await outcomeWithin(
      served.run('wiki.read', { page: 'Home' }, controller.signal),
    );
    expect(outcome).toMatchObject({
      settled: true,
      ok: false,
      error: { kind: 'aborted', details: { stage: 'list' } },
    });
    await turns(50);
    expect(server.counts.list).toBe(5);
    expect(server.listSignals.every((signal) => signal?.aborted === true)).toBe(true);
    // The connection whose listing was abandoned is closed.
    expect(server.counts.close).toBe(1);
  });

  it('aborts a listing the server never answers when the signal fires', async () => {
    const server = fakeServer({ list: never });
    const served = serve({ connect: async () => server.client });
    const controller = new AbortController();
    const call = served.run('wiki.read', { page: 'Home' }, controller.signal);
    await turns(2);
    expect(server.counts.list).toBe(1);
    controller.abort();

    expect(await outcomeWithin(call)).toMatchObject({
      settled: true,
      ok: false,
      error: { kind: 'aborted', details: { stage: 'list' } },
    });
  });

  it('aborts a tool call the server never answers when the signal fires, and passes the signal to callTool', async () => {
    const server = fakeServer({ call: never });
    const served = serve({ connect: async () => server.client });
    const controller = new AbortController();
    const call = served.run('wiki.read', { page: 'Home' }, controller.signal);
    await turns(3);
    expect(server.counts.call).toBe(1);
    controller.abort();

    const outcome = await outcomeWithin(call);
    expect(outcome).toMatchObject({
      settled: true,
      ok: false,
      error: { kind: 'aborted', details: { server: 'wiki', tool: 'read', stage: 'call' } },
    });
    expect((outcome as { error: Error }).error.message).toBe(
      'aborted: the call of "read" on MCP server "wiki" was stopped while the server ran it: the ' +
        'request was aborted. It may still run on the server: check before calling it again.',
    );
    expect(server.callSignals[0]?.aborted).toBe(true);
    await served.close();
  });

  it('fails a call whose signal fired for a timeout with kind timeout', async () => {
    const server = fakeServer({ call: never });
    const served = serve({ connect: async () => server.client });
    const controller = new AbortController();
    const call = served.run('wiki.read', { page: 'Home' }, controller.signal);
    await turns(3);
    controller.abort(new DOMException('The operation timed out.', 'TimeoutError'));

    const outcome = await outcomeWithin(call);
    expect(outcome).toMatchObject({ settled: true, ok: false, error: { kind: 'timeout' } });
    expect((outcome as { error: Error }).error.message).toMatch(
      /^timeout: the call of "read" on MCP server "wiki" was stopped while the server ran it: its time ran out\./,
    );
    await served.close();
  });

  it('keeps no session whose listing was aborted or failed: the next call connects and lists again', async () => {
    const servers = [
      fakeServer({ list: never }),
      fakeServer({ list: () => soon({ tools: [read], nextCursor: 'again' }) }),
      fakeServer(),
    ];
    let connects = 0;
    const served = serve({ connect: async () => servers[connects++]?.client as McpToolClient });

    const controller = new AbortController();
    const aborted = served.run('wiki.read', { page: 'Home' }, controller.signal);
    await turns(2);
    controller.abort();
    expect(await outcomeWithin(aborted)).toMatchObject({ settled: true, ok: false });
    await expect(served.run('wiki.read', { page: 'Home' })).rejects.toSatisfy(
      McpConnectionError.isInstance,
    );
    await expect(served.run('wiki.read', { page: 'Home' })).resolves.toEqual(
      textResult('the page'),
    );
    expect(connects).toBe(3);
    expect(servers.map((server) => server.counts.close)).toEqual([1, 1, 0]);
    await served.close();
  });

  it('keeps a connection being made while another call waits for it, and aborts it when none does', async () => {
    const connecting = deferred<McpToolClient>();
    const signals: AbortSignal[] = [];
    const served = serve({
      connect: (_server, { signal }) => {
        signals.push(signal);
        return connecting.promise;
      },
    });
    const first = new AbortController();
    const second = new AbortController();
    const firstCall = served.run('wiki.read', { page: 'Home' }, first.signal);
    const secondCall = served.run('wiki.write', { page: 'Home' }, second.signal);
    await turns(2);
    first.abort();
    expect(await outcomeWithin(firstCall)).toMatchObject({
      settled: true,
      ok: false,
      error: { kind: 'aborted' },
    });
    expect(signals.map((signal) => signal.aborted)).toEqual([false]);
    const server = fakeServer();
    connecting.resolve(server.client);
    await expect(secondCall).resolves.toEqual(textResult('the page'));
    expect(server.called).toEqual(['write']);
    expect(signals).toHaveLength(1);
    await served.close();

    // When every call waiting for a connection is gone, it is stopped.
    const stalled = serve({
      connect: (_server, { signal }) => {
        signals.push(signal);
        return never();
      },
    });
    const third = new AbortController();
    const calls = [
      stalled.run('wiki.read', { page: 'Home' }, third.signal),
      stalled.run('wiki.history', { page: 'Home' }, third.signal),
    ];
    await turns(2);
    expect(signals[1]?.aborted).toBe(false);
    third.abort();
    const outcomes = calls.map((call) => outcomeWithin(call));
    for (const outcome of outcomes) {
      expect(await outcome).toMatchObject({ settled: true, ok: false, error: { kind: 'aborted' } });
    }
    expect(signals[1]?.aborted).toBe(true);
  });

  it('closes a client whose connect resolved after its call was aborted', async () => {
    const connecting = deferred<McpToolClient>();
    const served = serve({ connect: () => connecting.promise });
    const controller = new AbortController();
    const call = served.run('wiki.read', { page: 'Home' }, controller.signal);
    await turns(2);
    controller.abort();
    expect(await outcomeWithin(call)).toMatchObject({ settled: true, ok: false });

    const server = fakeServer();
    connecting.resolve(server.client);
    await turns(2);
    expect(server.counts).toEqual({ list: 0, call: 0, close: 1 });
    expect(await served.close()).toEqual({ closed: ['wiki'], failed: [] });
  });
});

describe('close() of createMcpToolsFromSnapshot always returns', () => {
  it("returns when a client's close never settles, and reports it after closeTimeoutMs", async () => {
    const server = fakeServer({ close: never });
    const served = serve({ connect: async () => server.client, closeTimeoutMs: 10 });
    await served.run('wiki.read', { page: 'Home' });

    const report = await served.close();
    expect(report).toEqual({ closed: [], failed: [{ server: 'wiki', reason: 'timeout' }] });
    expect(server.counts.close).toBe(1);
  });

  it("returns when a client's close throws, reports the error, and still closes the other servers", async () => {
    const two = snapshotOf({ wiki: [read], docs: [{ ...read, name: 'search' }] });
    const thrown = new Error('EPIPE');
    const servers = {
      wiki: fakeServer({
        list: () => soon({ tools: [read] }),
        close: () => Promise.reject(thrown),
      }),
      docs: fakeServer({
        list: () => soon({ tools: [{ ...read, name: 'search' }] }),
        close: () => {
          throw new Error('closed twice');
        },
      }),
    };
    const served = serve(
      { connect: async (server) => servers[server as 'wiki' | 'docs'].client },
      two,
    );
    await served.run('wiki.read', { page: 'Home' });
    await served.run('docs.search', { page: 'Home' });

    const report = await served.close();
    expect(report.closed).toEqual([]);
    expect(report.failed).toEqual([
      { server: 'docs', reason: 'error', error: new Error('closed twice') },
      { server: 'wiki', reason: 'error', error: thrown },
    ]);
    expect(servers.wiki.counts.close).toBe(1);
    expect(servers.docs.counts.close).toBe(1);
    // Nothing is left to close.
    expect(await served.close()).toEqual({ closed: [], failed: [] });
  });

  it('stops a connection still being made: the waiting call fails as aborted, and the late client is closed', async () => {
    const connecting = deferred<McpToolClient>();
    const signals: AbortSignal[] = [];
    const served = serve({
      connect: (_server, { signal }) => {
        signals.push(signal);
        return connecting.promise;
      },
    });
    const call = served.run('wiki.read', { page: 'Home' });
    await turns(2);

    const callOutcome = outcomeWithin(call, 20);
    expect(await outcomeWithin(served.close())).toMatchObject({
      settled: true,
      ok: true,
      value: { closed: [], failed: [] },
    });
    expect(signals[0]?.aborted).toBe(true);
    expect(await callOutcome).toMatchObject({
      settled: true,
      ok: false,
      error: {
        kind: 'aborted',
        details: { stage: 'connect' },
        message:
          'aborted: the call of "read" on MCP server "wiki" was stopped while connecting to the ' +
          'server: the MCP tools were closed.',
      },
    });

    const server = fakeServer();
    connecting.resolve(server.client);
    await turns(2);
    expect(server.counts).toEqual({ list: 0, call: 0, close: 1 });
  });

  it('stops a tool call still running on a client whose close is called, when the client ignores it', async () => {
    const server = fakeServer({ call: never, close: never });
    const served = serve({ connect: async () => server.client, closeTimeoutMs: 5 });
    const call = served.run('wiki.read', { page: 'Home' });
    await turns(3);
    expect(server.counts.call).toBe(1);

    const callOutcome = outcomeWithin(call, 20);
    expect(await served.close()).toEqual({
      closed: [],
      failed: [{ server: 'wiki', reason: 'timeout' }],
    });
    expect(await callOutcome).toMatchObject({
      settled: true,
      ok: false,
      error: { kind: 'aborted', details: { stage: 'call' } },
    });
  });
});

// Through the package's generateText and streamText, as an app runs them.

type Kind = 'generateText' | 'streamText';
type Caps = 'below' | 'above';

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
};

/** A model that calls `wiki.read` (through `tool_call` above the caps), then answers 'done'. */
function modelCallingRead(kind: Kind, caps: Caps): MockLanguageModelV4 {
  const call =
    caps === 'below'
      ? { toolName: 'wiki.read', input: { page: 'Home' } }
      : { toolName: 'tool_call', input: { name: 'wiki.read', arguments: '{"page":"Home"}' } };
  const steps = [
    { call, finish: 'tool-calls' as const },
    { call: undefined, finish: 'stop' as const },
  ];
  if (kind === 'generateText') {
    return new MockLanguageModelV4({
      doGenerate: steps.map(({ call: stepCall, finish }) => ({
        content:
          stepCall === undefined
            ? [{ type: 'text' as const, text: 'done' }]
            : [
                {
                  type: 'tool-call' as const,
                  toolCallId: 'c1',
                  toolName: stepCall.toolName,
                  input: JSON.stringify(stepCall.input),
                },
              ],
        finishReason: { unified: finish, raw: undefined },
        usage,
        warnings: [],
      })),
    });
  }
  return new MockLanguageModelV4({
    doStream: steps.map(({ call: stepCall, finish }) => ({
      stream: convertArrayToReadableStream([
        { type: 'stream-start' as const, warnings: [] },
        ...(stepCall === undefined
          ? [
              { type: 'text-start' as const, id: 't' },
              { type: 'text-delta' as const, id: 't', delta: 'done' },
              { type: 'text-end' as const, id: 't' },
            ]
          : [
              {
                type: 'tool-call' as const,
                toolCallId: 'c1',
                toolName: stepCall.toolName,
                input: JSON.stringify(stepCall.input),
              },
            ]),
        { type: 'finish' as const, finishReason: { unified: finish, raw: undefined }, usage },
      ]),
    })),
  });
}

/** Runs the request to its end, streamText's stream read through; rejects as the request fails. */
async function runRequest(
  kind: Kind,
  caps: Caps,
  model: MockLanguageModelV4,
  tools: ToolSet,
  settings: { abortSignal?: AbortSignal; timeout?: { toolMs: number } } = {},
): Promise<void> {
  const params = {
    model: model as LanguageModel,
    tools,
    prompt: 'Read the Home page.',
    stopWhen: isStepCount(3),
    ...settings,
    toolDisclosure: { environment: {}, ...(caps === 'above' ? { maxTools: 1 } : {}) },
  };
  if (kind === 'generateText') {
    await generateText(params);
    return;
  }
  const result = streamText({ ...params, onError: () => {} });
  for await (const part of result.fullStream) if (part.type === 'error') throw part.error;
  await result.steps;
}

/** The tool result the model read in its second call, as the AI SDK wrote it. */
function toolResultRead(kind: Kind, model: MockLanguageModelV4) {
  const calls = kind === 'generateText' ? model.doGenerateCalls : model.doStreamCalls;
  return calls[1]?.prompt
    .flatMap((message) => (message.role === 'tool' ? message.content : []))
    .find((part) => part.type === 'tool-result');
}

const runs: [Kind, Caps][] = [
  ['generateText', 'below'],
  ['generateText', 'above'],
  ['streamText', 'below'],
  ['streamText', 'above'],
];

describe.each(runs)(
  'snapshot tools of a misbehaving server through %s, %s the caps',
  (kind, caps) => {
    it('tells the model the server pages without end, and lists nothing after the request', async () => {
      let cursor = 0;
      const server = fakeServer({ list: () => soon({ tools: [], nextCursor: `c${++cursor}` }) });
      const served: McpSnapshotTools = createMcpToolsFromSnapshot(snapshot, {
        connect: async () => server.client,
      });
      const model = modelCallingRead(kind, caps);
      try {
        await runRequest(kind, caps, model, served.tools);
        expect(toolResultRead(kind, model)).toMatchObject({
          output: {
            type: 'error-text',
            value: expect.stringContaining(
              'MCP server "wiki" listed more than 100 pages of tools; expected at most 100 (maxListPages)',
            ),
          },
        });
        expect(server.counts.list).toBe(100);
        await turns(50);
        expect(server.counts.list).toBe(100);
      } finally {
        await served.close();
      }
    });

    it('ends a request aborted while its server pages without end, and lists nothing after it', async () => {
      const controller = new AbortController();
      let cursor = 0;
      const server = fakeServer({
        list: (index) => {
          if (index === 5) controller.abort();
          return soon({ tools: [read], nextCursor: `c${++cursor}` });
        },
      });
      const served = createMcpToolsFromSnapshot(snapshot, { connect: async () => server.client });
      const request = runRequest(kind, caps, modelCallingRead(kind, caps), served.tools, {
        abortSignal: controller.signal,
      });

      // The request fails as aborted requests do, with the signal's reason.
      expect(await outcomeWithin(request, 20)).toMatchObject({
        settled: true,
        ok: false,
        error: { name: 'AbortError' },
      });
      await turns(50);
      expect(server.counts.list).toBe(5);
      expect(await outcomeWithin(served.close())).toMatchObject({ settled: true, ok: true });
    });

    it('tells the model timeout when the tool time runs out on a call the server never answers', async () => {
      // Listed in the same tick, so the tool's time runs out while the call runs, however slow the machine.
      const server = fakeServer({
        list: () => Promise.resolve({ tools: [read, write, history] }),
        call: never,
      });
      const served = createMcpToolsFromSnapshot(snapshot, { connect: async () => server.client });
      const model = modelCallingRead(kind, caps);
      try {
        // A small real timeout makes the tool's signal fire; no duration is asserted.
        await runRequest(kind, caps, model, served.tools, { timeout: { toolMs: 20 } });
        expect(toolResultRead(kind, model)).toMatchObject({
          output: {
            type: 'error-text',
            // The AI SDK writes a thrown error as its name and message.
            value:
              'ToolDisclosureToolBridgeError: timeout: the call of "read" on MCP server "wiki" was ' +
              'stopped while the server ran it: its time ran out. It may still run on the server: ' +
              'check before calling it again.',
          },
        });
        expect(server.callSignals[0]?.aborted).toBe(true);
      } finally {
        await served.close();
      }
    });
  },
);
