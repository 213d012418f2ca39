/**
 * MCP for real: a stdio MCP server (test/fixtures/mcp-server.ts, run as a child
 * process) whose tool names contain dots and slashes, connected through
 * `@ai-sdk/mcp`, grouped into a namespace, searched, described and executed, directly
 * and through the wrapper's `tool_call` with a scripted model.
 *
 * Facts this file pins down (see docs/design/wrapper.md §6):
 * - `client.tools()` returns a record without a prototype, keyed by the raw MCP
 *   names (`repos.create`, `issues/create`), each tool of type `dynamic` with
 *   `metadata.clientName` set to the client's `clientName`.
 * - A tool result with `isError: true` is *returned* by `execute`, not thrown:
 *   `{ content, isError: true }`. Anything that runs MCP tools must look at
 *   `isError` itself to report a failure.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { createMCPClient, type MCPClient } from '@ai-sdk/mcp';
import { Experimental_StdioMCPTransport } from '@ai-sdk/mcp/mcp-stdio';
import {
  asSchema,
  generateText,
  isStepCount,
  type JSONSchema7,
  type ToolExecutionOptions,
  type ToolSet,
} from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createToolResolver } from '../src/bridge/resolve-tool-name.js';
import { runToolDescribe } from '../src/bridge/run-tool-describe.js';
import { runToolSearch, searchableEntries } from '../src/bridge/run-tool-search.js';
import type { Catalog } from '../src/catalog/catalog.js';
import type { CatalogEntry } from '../src/catalog/catalog-entry.js';
import { createCatalog } from '../src/catalog/create-catalog.js';
import { WIRE_NAME_PATTERN } from '../src/catalog/encode-wire-name.js';
import { createDisclosure } from '../src/disclosure/create-disclosure.js';
import { createOramaRanker } from '../src/search/create-orama-ranker.js';
import { getSearchIndex } from '../src/search/get-search-index.js';
import { withToolDisclosure } from '../src/wrap/with-tool-disclosure.js';

const serverScript = fileURLToPath(new URL('./fixtures/mcp-server.ts', import.meta.url));

/** The raw MCP names, in the order the server registers them. */
const mcpNames = ['repos.create', 'issues/create', 'issues/list', 'files.read', 'deploy.fail'];

const draft07 = 'http://json-schema.org/draft-07/schema#';

/** Each tool's input schema exactly as `@ai-sdk/mcp` hands it to the AI SDK. */
const parametersByKey: Record<string, JSONSchema7> = {
  'repos.create': {
    type: 'object',
    properties: {
      name: { type: 'string', description: 'Repository name.' },
      private: { description: 'Whether only members can see it.', type: 'boolean' },
    },
    $schema: draft07,
    required: ['name'],
    additionalProperties: false,
  },
  'issues/create': {
    type: 'object',
    properties: {
      title: { type: 'string', description: 'Issue title.' },
      body: { type: 'string' },
      labels: { type: 'array', items: { type: 'string' } },
    },
    $schema: draft07,
    required: ['title'],
    additionalProperties: false,
  },
  'issues/list': {
    type: 'object',
    properties: { state: { type: 'string', enum: ['open', 'closed'] } },
    $schema: draft07,
    required: ['state'],
    additionalProperties: false,
  },
  'files.read': {
    type: 'object',
    properties: { path: { type: 'string', description: 'Path from the repository root.' } },
    $schema: draft07,
    required: ['path'],
    additionalProperties: false,
  },
  'deploy.fail': {
    type: 'object',
    properties: {},
    $schema: draft07,
    additionalProperties: false,
  },
};

const descriptionByKey: Record<string, string> = {
  'repos.create': 'Create a new code repository.',
  'issues/create': 'Open a new issue in the tracker, with a title, an optional body and labels.',
  'issues/list': 'List issues in the tracker by state.',
  'files.read': 'Read a file from the default branch.',
  'deploy.fail': 'Deploy the default branch; always fails in this fixture.',
};

let temporaryDirectory: string | undefined;
let client: MCPClient | undefined;
let serverPid: number | undefined;
let mcpTools: ToolSet;
let grouped: Catalog;

beforeAll(async () => {
  temporaryDirectory = await mkdtemp(join(tmpdir(), 'tool-disclosure-mcp-'));
  const pidFile = join(temporaryDirectory, 'server.pid');
  client = await createMCPClient({
    // Becomes `metadata.clientName` on every tool (the default names no service).
    clientName: 'forge',
    transport: new Experimental_StdioMCPTransport({
      // The Node 22 running this test, with type stripping for the .ts fixture.
      command: process.execPath,
      args: ['--experimental-strip-types', '--no-warnings', serverScript],
      env: { MCP_FIXTURE_PID_FILE: pidFile },
      // The MCP SDK warns on stderr about "/" in tool names; keep test output clean.
      stderr: 'ignore',
    }),
  });
  mcpTools = await client.tools();
  serverPid = Number(await readFile(pidFile, 'utf8'));
  grouped = await createCatalog({
    namespaces: { forge: { description: 'Code forge', tools: mcpTools } },
  });
}, 10_000);

afterAll(async () => {
  try {
    await client?.close();
    if (serverPid !== undefined && !(await exited(serverPid, 3_000))) {
      process.kill(serverPid, 'SIGKILL');
      throw new Error(`the MCP server (pid ${serverPid}) was still running after client.close()`);
    }
  } finally {
    if (temporaryDirectory) await rm(temporaryDirectory, { recursive: true, force: true });
  }
});

/** Resolves true once `pid` is gone, false when it still runs after `timeoutMs`. */
async function exited(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (isRunning(pid)) {
    if (Date.now() > deadline) return false;
    await sleep(20);
  }
  return true;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function entryByKey(catalog: Catalog, key: string): CatalogEntry {
  const entry = catalog.entries.find((candidate) => candidate.key === key);
  if (!entry) throw new Error(`no catalog entry for ${key}`);
  return entry;
}

const executionOptions: ToolExecutionOptions<unknown> = {
  toolCallId: 'call-1',
  messages: [],
  context: undefined,
};

/** Runs the real MCP tool behind a catalog entry, as the bridge will. */
async function execute(entry: CatalogEntry, input: unknown): Promise<unknown> {
  const execute = entry.tool?.execute;
  if (!execute) throw new Error(`${entry.id} has no execute`);
  return await execute(input, executionOptions);
}

function textResult(value: unknown, isError = false) {
  return { content: [{ type: 'text', text: JSON.stringify(value) }], isError };
}

describe('the @ai-sdk/mcp tool record', () => {
  it('is keyed by the raw MCP names, without a prototype, with the client name as metadata', () => {
    expect(Object.keys(mcpTools)).toEqual(mcpNames);
    expect(Object.getPrototypeOf(mcpTools)).toBeNull();
    expect(serverPid !== undefined && isRunning(serverPid)).toBe(true);
    expect(client?.serverInfo).toMatchObject({ name: 'fixture-forge', version: '1.0.0' });
    for (const name of mcpNames) {
      expect(mcpTools[name]?.type).toBe('dynamic');
      expect(mcpTools[name]?.metadata).toEqual({ clientName: 'forge', toolName: name });
    }
  });
});

describe('a catalog of MCP tools grouped under a namespace', () => {
  it('gives dotted canonical ids and provider-safe wire names', () => {
    expect(
      grouped.entries.map(({ id, wireName, key, namespace, localName, kind, core }) => ({
        id,
        wireName,
        key,
        namespace,
        localName,
        kind,
        core,
      })),
    ).toEqual([
      {
        id: 'forge.deploy.fail',
        wireName: 'forge__deploy__fail',
        key: 'deploy.fail',
        namespace: 'forge',
        localName: 'deploy.fail',
        kind: 'mcp',
        core: false,
      },
      {
        id: 'forge.files.read',
        wireName: 'forge__files__read',
        key: 'files.read',
        namespace: 'forge',
        localName: 'files.read',
        kind: 'mcp',
        core: false,
      },
      {
        id: 'forge.issues.create',
        wireName: 'forge__issues__create',
        key: 'issues/create',
        namespace: 'forge',
        localName: 'issues.create',
        kind: 'mcp',
        core: false,
      },
      {
        id: 'forge.issues.list',
        wireName: 'forge__issues__list',
        key: 'issues/list',
        namespace: 'forge',
        localName: 'issues.list',
        kind: 'mcp',
        core: false,
      },
      {
        id: 'forge.repos.create',
        wireName: 'forge__repos__create',
        key: 'repos.create',
        namespace: 'forge',
        localName: 'repos.create',
        kind: 'mcp',
        core: false,
      },
    ]);
    for (const entry of grouped.entries) {
      expect(entry.wireName).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
      expect(entry.wireName).toMatch(WIRE_NAME_PATTERN);
    }
    expect(grouped.namespaces).toEqual([{ name: 'forge', description: 'Code forge' }]);
  });

  it('keeps each description, parameters as the SDK sends them, and the real tool', async () => {
    for (const key of mcpNames) {
      const entry = entryByKey(grouped, key);
      const tool = mcpTools[key];
      expect(entry.description).toBe(descriptionByKey[key]);
      expect(entry.parameters).toEqual(parametersByKey[key]);
      expect(entry.parameters).toEqual(await asSchema(tool?.inputSchema).jsonSchema);
      expect(entry.outputSchema).toBeUndefined();
      expect(entry.tool).toBe(tool);
    }
  });
});

describe('a catalog of the flat MCP record', () => {
  it('derives namespaces from the name prefix, before "." or "/"', async () => {
    const flat = await createCatalog({ tools: mcpTools });
    expect(
      flat.entries.map(({ id, wireName, namespace, localName, kind }) => ({
        id,
        wireName,
        namespace,
        localName,
        kind,
      })),
    ).toEqual([
      {
        id: 'deploy.fail',
        wireName: 'deploy__fail',
        namespace: 'deploy',
        localName: 'fail',
        kind: 'mcp',
      },
      {
        id: 'files.read',
        wireName: 'files__read',
        namespace: 'files',
        localName: 'read',
        kind: 'mcp',
      },
      {
        id: 'issues.create',
        wireName: 'issues__create',
        namespace: 'issues',
        localName: 'create',
        kind: 'mcp',
      },
      {
        id: 'issues.list',
        wireName: 'issues__list',
        namespace: 'issues',
        localName: 'list',
        kind: 'mcp',
      },
      {
        id: 'repos.create',
        wireName: 'repos__create',
        namespace: 'repos',
        localName: 'create',
        kind: 'mcp',
      },
    ]);
    expect(flat.namespaces).toEqual([
      { name: 'deploy', description: undefined },
      { name: 'files', description: undefined },
      { name: 'issues', description: undefined },
      { name: 'repos', description: undefined },
    ]);
  });
});

describe('deferred MCP tools', () => {
  it('are found by tool_search, and the header names the namespace with its description', async () => {
    const disclosure = createDisclosure({
      catalog: grouped,
      maxTools: 2,
      mode: 'namespaces',
      environment: {},
    });
    expect(disclosure.deferred).toBe(true);
    expect(disclosure.advertised.map((tool) => tool.name)).toEqual([
      'tool_search',
      'tool_describe',
      'tool_call',
    ]);
    expect(disclosure.discoverable.map((entry) => entry.id)).toEqual(
      grouped.entries.map((entry) => entry.id),
    );
    // The intro sentence belongs to the header renderer; the rest is this catalog's.
    expect(disclosure.toolSearchDescription?.split('\n').slice(1)).toEqual([
      '- forge (5): Code forge',
      'Representative tools (fair namespace rounds):',
      '- forge__deploy__fail',
      '- forge__files__read',
      '- forge__issues__create',
      '- forge__issues__list',
      '- forge__repos__create',
    ]);

    const ranker = createOramaRanker();
    const index = await getSearchIndex(
      disclosure.authorized,
      ranker,
      searchableEntries(disclosure),
    );
    const response = await runToolSearch({ disclosure, index, query: 'open a new issue' });
    const names = response.results.map((result) => result.name);
    expect(names.slice(0, 3)).toContain('forge__issues__create');
    expect(response.results.find((result) => result.name === 'forge__issues__create')).toEqual({
      name: 'forge__issues__create',
      capability_id: 'forge.issues.create',
      description: descriptionByKey['issues/create'],
      required: ['title'],
      schema_complete: true,
      parameters: parametersByKey['issues/create'],
    });
  });
});

describe('tool_describe over MCP tools', () => {
  it('resolves the raw, canonical and wire names to the same tool', () => {
    const disclosure = createDisclosure({
      catalog: grouped,
      maxTools: 2,
      mode: 'namespaces',
      environment: {},
    });
    const resolver = createToolResolver(disclosure.authorized.entries);
    const expected = {
      name: 'forge__issues__create',
      capability_id: 'forge.issues.create',
      description: descriptionByKey['issues/create'],
      required: ['title'],
      parameters: parametersByKey['issues/create'],
    };
    const entry = entryByKey(grouped, 'issues/create');
    for (const name of ['issues/create', 'forge.issues.create', 'forge__issues__create']) {
      expect(runToolDescribe({ disclosure, resolver, name })).toEqual(expected);
      expect(runToolDescribe({ disclosure, name })).toEqual(expected);
      expect(resolver.resolve(name)).toBe(entry);
    }
  });
});

describe('executing the real MCP tools', () => {
  it('returns what the server answers', async () => {
    expect(
      await execute(entryByKey(grouped, 'issues/create'), {
        title: 'Crash on start',
        labels: ['bug'],
      }),
    ).toEqual(
      textResult({
        created: 'issue',
        number: 1,
        title: 'Crash on start',
        body: '',
        labels: ['bug'],
      }),
    );
    expect(
      await execute(entryByKey(grouped, 'repos.create'), { name: 'widgets', private: true }),
    ).toEqual(textResult({ created: 'repository', name: 'widgets', private: true }));
    expect(await execute(entryByKey(grouped, 'issues/list'), { state: 'closed' })).toEqual(
      textResult({
        state: 'closed',
        issues: [{ number: 1, title: 'First issue', state: 'closed' }],
      }),
    );
    expect(await execute(entryByKey(grouped, 'files.read'), { path: 'README.md' })).toEqual(
      textResult({ path: 'README.md', content: 'contents of README.md' }),
    );
  });

  it('returns a failing tool result with isError: true instead of throwing', async () => {
    // The MCP SDK resolves with the server's error result; it does not reject.
    await expect(execute(entryByKey(grouped, 'deploy.fail'), {})).resolves.toEqual({
      content: [{ type: 'text', text: 'deployment failed: quota exceeded' }],
      isError: true,
    });
  });
});

describe('MCP tools through the wrapper, with a scripted model', () => {
  const usage = {
    inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: 5, text: 5, reasoning: undefined },
  };
  const toolCalls = (...calls: [string, string, unknown][]) => ({
    content: calls.map(([toolCallId, toolName, input]) => ({
      type: 'tool-call' as const,
      toolCallId,
      toolName,
      input: JSON.stringify(input),
    })),
    finishReason: { unified: 'tool-calls' as const, raw: undefined },
    usage,
    warnings: [],
  });

  /**
   * A search, then four calls of the grouped MCP tools: through `tool_call` by
   * the raw MCP name, and directly by raw and canonical names (one with
   * arguments the schema refuses, one whose result is `isError`). Returns the
   * app's view (every step's content) and the model's (the last prompt's tool
   * results), by call id.
   */
  async function run() {
    const model = new MockLanguageModelV4({
      doGenerate: [
        toolCalls(['s1', 'tool_search', { query: 'open a new issue' }]),
        toolCalls(
          ['a', 'tool_call', { name: 'issues/create', arguments: '{"title":"Broken build"}' }],
          ['b', 'files.read', { path: 7 }],
          ['c', 'deploy.fail', {}],
          ['d', 'forge.repos.create', { name: 'site' }],
        ),
        {
          content: [{ type: 'text', text: 'done' }],
          finishReason: { unified: 'stop', raw: 'stop' },
          usage,
          warnings: [],
        },
      ],
    });
    const settings = await withToolDisclosure(
      { model, prompt: 'File the build issue', stopWhen: isStepCount(4) },
      {
        namespaces: { forge: { description: 'Code forge', tools: mcpTools } },
        maxTools: 1,
        environment: {},
      },
    );
    const result = await generateText(settings as never);
    const content = result.steps.flatMap((step) => step.content);
    const app = Object.fromEntries(
      content.flatMap((part) =>
        part.type === 'tool-result' || part.type === 'tool-error' ? [[part.toolCallId, part]] : [],
      ),
    );
    const prompt = model.doGenerateCalls[2]?.prompt ?? [];
    const toModel = Object.fromEntries(
      prompt.flatMap((message) =>
        message.role === 'tool'
          ? message.content.flatMap((part) =>
              part.type === 'tool-result' ? [[part.toolCallId, part]] : [],
            )
          : [],
      ),
    );
    return { content, app, toModel, prompt };
  }

  it('searches, validates and calls them through tool_call and directly, and reports isError', async () => {
    const { content, app, toModel, prompt } = await run();
    // The app sees each call as a call of the real tool, under its wire name (grouped tools have no key).
    expect(
      content.flatMap((part) =>
        part.type === 'tool-call' ? [[part.toolCallId, part.toolName]] : [],
      ),
    ).toEqual([
      ['s1', 'tool_search'],
      ['a', 'forge__issues__create'],
      ['b', 'forge__files__read'],
      ['c', 'forge__deploy__fail'],
      ['d', 'forge__repos__create'],
    ]);
    expect(
      (app.s1 as { output: { results: { name: string }[] } }).output.results
        .map((item) => item.name)
        .slice(0, 3),
    ).toContain('forge__issues__create');
    expect(app.a).toMatchObject({
      type: 'tool-result',
      input: { title: 'Broken build' },
      output: textResult({
        created: 'issue',
        number: 1,
        title: 'Broken build',
        body: '',
        labels: [],
      }),
    });
    expect(app.d).toMatchObject({
      type: 'tool-result',
      output: textResult({ created: 'repository', name: 'site', private: false }),
    });

    // Arguments the real schema refuses never reach the server: the app sees ai's input error,
    // the model the typed invalid_arguments with the issue and the schema it has not seen.
    expect(app.b).toMatchObject({ type: 'tool-error', toolName: 'forge__files__read' });
    expect(toModel.b).toMatchObject({
      toolName: 'forge__files__read',
      output: {
        type: 'error-json',
        value: {
          error: {
            kind: 'invalid_arguments',
            message: expect.stringContaining('/path'),
            parameters: parametersByKey['files.read'],
          },
        },
      },
    });

    // The app sees the MCP result as the server answered it, isError included.
    expect(app.c).toMatchObject({
      type: 'tool-result',
      toolName: 'forge__deploy__fail',
      output: {
        content: [{ type: 'text', text: 'deployment failed: quota exceeded' }],
        isError: true,
      },
    });

    // The model reads every call as a direct call of the wire name, and MCP content through the
    // real tool's toModelOutput, whichever way it called the tool.
    expect(
      prompt.flatMap((message) =>
        message.role === 'assistant'
          ? message.content.flatMap((part) => (part.type === 'tool-call' ? [part.toolName] : []))
          : [],
      ),
    ).toEqual([
      'tool_search',
      'forge__issues__create',
      'forge__files__read',
      'forge__deploy__fail',
      'forge__repos__create',
    ]);
    expect(toModel.a?.output).toEqual({
      type: 'content',
      value: [
        {
          type: 'text',
          text: JSON.stringify({
            created: 'issue',
            number: 1,
            title: 'Broken build',
            body: '',
            labels: [],
          }),
        },
      ],
    });
  }, 20_000);

  // The app sees the result as the server sent it; the model reads the failure it reports, though
  // @ai-sdk/mcp's own conversion of the result drops the flag.
  it('tells the model an MCP result marked isError is a failure', async () => {
    const { toModel } = await run();
    expect(toModel.c?.output.type).toMatch(/^error-/);
    expect(JSON.stringify(toModel.c?.output)).toContain('deployment failed: quota exceeded');
  }, 20_000);
});
