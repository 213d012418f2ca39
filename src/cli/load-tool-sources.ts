import { randomUUID } from 'node:crypto';
import { closeSync, openSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { MCPClient } from '@ai-sdk/mcp';
import type { ToolSet } from 'ai';
import type { CatalogEntry } from '../catalog/catalog-entry.js';
import { createCatalog, type NamespaceDeclaration } from '../catalog/create-catalog.js';
import { NAMESPACE_PATTERN, normalizeNamespace } from '../catalog/normalize-name.js';
import type { ToolDefinition } from '../catalog/tool-definition.js';
import { McpServerError, type McpServerProblem } from '../error/mcp-server-error.js';
import type { CliIo } from './cli-io.js';
import { CliUsageError } from './cli-usage-error.js';
import { loadCatalogFile } from './load-catalog-file.js';
import { parseCount } from './parse-command-line.js';

/** The time-out of one MCP server's start-up and tool listing, in milliseconds. */
export const DEFAULT_MCP_TIMEOUT_MS = 20_000;

/** The flags of every command that reads a catalog, for `parseCommandLine`. */
export const TOOL_SOURCE_OPTIONS = {
  catalog: { type: 'string' },
  mcp: { type: 'string', multiple: true },
  'mcp-url': { type: 'string', multiple: true },
  'mcp-header': { type: 'string', multiple: true },
  'mcp-timeout': { type: 'string' },
  tools: { type: 'string', multiple: true },
  'keep-going': { type: 'boolean' },
} as const;

/** The flags as `parseArgs` returns them. */
export interface ToolSourceFlags {
  catalog?: string | undefined;
  mcp?: string[] | undefined;
  'mcp-url'?: string[] | undefined;
  'mcp-header'?: string[] | undefined;
  'mcp-timeout'?: string | undefined;
  tools?: string[] | undefined;
  'keep-going'?: boolean | undefined;
}

/** The synopsis of the source flags, for a command's usage line. */
export const TOOL_SOURCE_SYNOPSIS =
  "[--mcp 'NAME=COMMAND ARGS...'] [--mcp-url 'NAME=URL'] [--mcp-header 'Name: value']\n       [--tools MODULE] [--mcp-timeout MS] [--keep-going]";

/** The usage error of a command given no source at all. */
export const MISSING_SOURCE_MESSAGE =
  '--catalog FILE is required, or another tool source: --mcp, --mcp-url or --tools';

/** How the source flags work, for a command's `--help`. */
export const TOOL_SOURCE_HELP = `Tool sources (each repeatable; combine any of them, at least one is needed):
  --catalog FILE            a catalog file ({"tools": [...], "namespaces"?: {...}})
  --mcp 'NAME=COMMAND ARGS' a stdio MCP server, started (with this environment) and closed by the CLI;
                            arguments split at spaces, quotes group; NAME= may be left out
  --mcp-url 'NAME=URL'      a Streamable HTTP MCP server, with the SSE transport as fallback
  --mcp-header 'Name: value'  an HTTP header sent to every --mcp-url server (e.g. Authorization)
  --tools MODULE            a .js or .ts module whose default or "tools" export is an AI SDK tools
                            record, or a function returning one
Each MCP server becomes a namespace: NAME, else the name the server gives; its instructions are the
namespace's description. A server that fails to start, does not list its tools within
--mcp-timeout MS (default: ${DEFAULT_MCP_TIMEOUT_MS}) or lists invalid tools is an error naming it (exit 2);
with --keep-going it is a warning and the other sources' tools still load.`;

/** An MCP server that was listed, or that failed. */
export interface McpServerSummary {
  namespace: string;
  transport: 'stdio' | 'http' | 'sse';
  target: string;
  tools: number;
  error?: string;
}

/** Tools read from every source, ready for `createCatalog`; `close()` ends the MCP clients. */
export interface ToolSources {
  /** JSON definitions, from `--catalog`. */
  definitions: ToolDefinition[];
  /** Namespace descriptions of the catalog file, and one namespace per MCP server with its tools. */
  namespaces: Record<string, NamespaceDeclaration>;
  /** AI SDK tools from `--tools` modules. */
  tools: ToolSet;
  /** Every MCP server asked for, in command-line order, with its tool count or its error. */
  servers: McpServerSummary[];
  /** The connected MCP clients, one per server listed, in command-line order; closed by `close()`. */
  clients: { namespace: string; client: MCPClient }[];
  /** True when a source other than `--catalog` was given. */
  live: boolean;
  close(): Promise<void>;
}

/** True when any source flag is given. */
export function hasToolSources(flags: ToolSourceFlags): boolean {
  return (
    flags.catalog !== undefined ||
    (flags.mcp?.length ?? 0) > 0 ||
    (flags['mcp-url']?.length ?? 0) > 0 ||
    (flags.tools?.length ?? 0) > 0
  );
}

interface ServerSpec {
  /** The NAME given on the command line, if any. */
  name: string | undefined;
  transport: 'stdio' | 'http';
  target: string;
  command?: string[];
  url?: string;
}

interface Connected {
  spec: ServerSpec;
  namespace: string;
  transport: 'stdio' | 'http' | 'sse';
  client: MCPClient;
  tools: ToolSet;
  instructions: string | undefined;
}

/**
 * Reads the tools of every source flag: a catalog file, stdio and HTTP MCP
 * servers (connected concurrently, each within the time-out) and tools modules.
 * A failing server is an `McpServerError`, or with `--keep-going` a warning on
 * stderr. On any error every client already connected is closed before it is thrown.
 */
export async function loadToolSources(flags: ToolSourceFlags, io: CliIo): Promise<ToolSources> {
  const timeoutMs = parseCount('--mcp-timeout', flags['mcp-timeout'], 1) ?? DEFAULT_MCP_TIMEOUT_MS;
  const headers = parseHeaders(flags['mcp-header'] ?? []);
  const specs = [
    ...(flags.mcp ?? []).map((value) => parseStdioSpec(value)),
    ...(flags['mcp-url'] ?? []).map((value) => parseUrlSpec(value)),
  ];
  const named = new Set<string>();
  for (const spec of specs) {
    if (spec.name === undefined) continue;
    if (named.has(spec.name)) {
      throw new CliUsageError({
        message: `two MCP servers are named "${spec.name}"; give each its own NAME=`,
      });
    }
    named.add(spec.name);
  }

  const file = flags.catalog === undefined ? undefined : await loadCatalogFile(flags.catalog);
  const tools = await loadToolModules(flags.tools ?? []);

  const clients: MCPClient[] = [];
  const close = async () => {
    await Promise.allSettled(clients.splice(0).map((client) => client.close()));
  };
  const settled = await Promise.allSettled(
    specs.map((spec) =>
      connectServer(spec, { timeoutMs, headers, environment: io.environment }).then((server) => {
        clients.push(server.client);
        return server;
      }),
    ),
  );

  const servers: McpServerSummary[] = [];
  const failures: McpServerError[] = [];
  const namespaces: Record<string, NamespaceDeclaration> = { ...file?.namespaces };
  const connected: ToolSources['clients'] = [];
  const taken = new Set<string>();
  try {
    for (const [index, outcome] of settled.entries()) {
      const spec = specs[index] as ServerSpec;
      if (outcome.status === 'rejected') {
        const error = asServerError(outcome.reason, spec, 'start');
        failures.push(error);
        servers.push({
          namespace: spec.name ?? spec.target,
          transport: spec.transport,
          target: spec.target,
          tools: 0,
          error: error.message,
        });
        continue;
      }
      const server = outcome.value;
      if (taken.has(server.namespace)) {
        throw new CliUsageError({
          message: `two MCP servers are both named "${server.namespace}"; give them names with NAME=`,
        });
      }
      taken.add(server.namespace);
      connected.push({ namespace: server.namespace, client: server.client });
      namespaces[server.namespace] = {
        ...(server.instructions?.trim()
          ? { description: server.instructions.trim() }
          : namespaces[server.namespace]?.description !== undefined
            ? { description: namespaces[server.namespace]?.description }
            : {}),
        tools: server.tools,
      };
      servers.push({
        namespace: server.namespace,
        transport: server.transport,
        target: spec.target,
        tools: Object.keys(server.tools).length,
      });
    }
    if (failures.length > 0) {
      if (flags['keep-going'] !== true) {
        for (const failure of failures.slice(1)) io.stderr(`tool-disclosure: ${failure.message}\n`);
        throw failures[0];
      }
      for (const failure of failures) {
        io.stderr(`tool-disclosure: warning: ${failure.message} (skipped: --keep-going)\n`);
      }
    }
  } catch (error) {
    await close();
    throw error;
  }
  return {
    definitions: file?.tools ?? [],
    namespaces,
    tools,
    servers,
    clients: connected,
    live: specs.length > 0 || (flags.tools?.length ?? 0) > 0,
    close,
  };
}

/** A catalog entry as a JSON tool definition, for commands that work on definitions (eval, bench). */
export function entryToDefinition(entry: CatalogEntry): ToolDefinition {
  return {
    name: entry.wireName,
    capability_id: entry.id,
    namespace: entry.namespace,
    description: entry.description,
    parameters: entry.parameters,
    ...(entry.outputSchema !== undefined && { output_schema: entry.outputSchema }),
    kind: entry.kind,
    ...(entry.aliases.length > 0 && { aliases: [...entry.aliases] }),
    ...(entry.tags.length > 0 && { tags: [...entry.tags] }),
  };
}

/** `NAME=rest` when the part before the first `=` is a namespace name; otherwise no name. */
function splitName(value: string): { name: string | undefined; rest: string } {
  const match = /^([^=\s]+)=(.*)$/s.exec(value.trim());
  if (match === null || !NAMESPACE_PATTERN.test(match[1] as string)) {
    return { name: undefined, rest: value.trim() };
  }
  return { name: match[1], rest: (match[2] as string).trim() };
}

function parseStdioSpec(value: string): ServerSpec {
  const { name, rest } = splitName(value);
  const command = splitCommandLine(rest);
  if (command.length === 0) {
    throw new CliUsageError({
      message: `--mcp needs a command, e.g. --mcp 'fs=npx @modelcontextprotocol/server-filesystem /tmp', got ${JSON.stringify(value)}`,
    });
  }
  return { name, transport: 'stdio', target: rest, command };
}

function parseUrlSpec(value: string): ServerSpec {
  const { name, rest } = splitName(value);
  let url: URL;
  try {
    url = new URL(rest);
  } catch {
    throw new CliUsageError({
      message: `--mcp-url needs NAME=URL with an http(s) URL, e.g. --mcp-url 'docs=http://127.0.0.1:3000/mcp', got ${JSON.stringify(value)}`,
    });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new CliUsageError({
      message: `--mcp-url needs an http: or https: URL, got ${JSON.stringify(rest)}`,
    });
  }
  return { name, transport: 'http', target: url.href, url: url.href };
}

/** Splits a command line at unquoted whitespace; '…' and "…" group, \ escapes outside '…'. */
export function splitCommandLine(text: string): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let quote: '"' | "'" | undefined;
  for (let index = 0; index < text.length; index++) {
    const char = text[index] as string;
    if (quote !== undefined) {
      if (char === quote) quote = undefined;
      else if (char === '\\' && quote === '"' && index + 1 < text.length) word += text[++index];
      else word += char;
    } else if (char === '"' || char === "'") {
      quote = char;
      inWord = true;
    } else if (char === '\\' && index + 1 < text.length) {
      word += text[++index];
      inWord = true;
    } else if (/\s/.test(char)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else {
      word += char;
      inWord = true;
    }
  }
  if (quote !== undefined) {
    throw new CliUsageError({ message: `unclosed ${quote} in --mcp ${JSON.stringify(text)}` });
  }
  if (inWord) words.push(word);
  return words;
}

function parseHeaders(values: readonly string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const value of values) {
    const colon = value.indexOf(':');
    const name = colon < 0 ? '' : value.slice(0, colon).trim();
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) {
      throw new CliUsageError({
        message: `--mcp-header must be 'Name: value', e.g. 'Authorization: Bearer TOKEN', got ${JSON.stringify(value)}`,
      });
    }
    headers[name] = value.slice(colon + 1).trim();
  }
  return headers;
}

type McpModule = typeof import('@ai-sdk/mcp');
type StdioModule = typeof import('@ai-sdk/mcp/mcp-stdio');

/** Loads `@ai-sdk/mcp` only when a server is asked for, so the package stays optional. */
async function loadMcp(): Promise<{ mcp: McpModule; stdio: StdioModule }> {
  const specifier: string = '@ai-sdk/mcp';
  try {
    return {
      mcp: (await import(specifier)) as McpModule,
      stdio: (await import(`${specifier}/mcp-stdio`)) as StdioModule,
    };
  } catch (error) {
    throw new CliUsageError({
      message:
        '--mcp and --mcp-url need the @ai-sdk/mcp package: npm install @ai-sdk/mcp (next to tool-disclosure)',
      cause: error,
    });
  }
}

interface ConnectOptions {
  timeoutMs: number;
  headers: Record<string, string>;
  environment: CliIo['environment'];
}

async function connectServer(spec: ServerSpec, options: ConnectOptions): Promise<Connected> {
  const { mcp, stdio } = await loadMcp();
  if (spec.transport === 'stdio') {
    return await connectStdio(spec, options, mcp, stdio);
  }
  try {
    return await connectHttp(spec, 'http', options, mcp);
  } catch (httpError) {
    if (McpServerError.isInstance(httpError) && httpError.problem !== 'start') throw httpError;
    try {
      return await connectHttp(spec, 'sse', options, mcp);
    } catch (sseError) {
      if (McpServerError.isInstance(sseError) && sseError.problem !== 'start') throw sseError;
      throw serverError(
        spec,
        'start',
        `Streamable HTTP: ${detailOf(httpError)}; SSE: ${detailOf(sseError)}`,
        httpError,
      );
    }
  }
}

async function connectStdio(
  spec: ServerSpec,
  options: ConnectOptions,
  mcp: McpModule,
  stdio: StdioModule,
): Promise<Connected> {
  const [command, ...args] = spec.command as [string, ...string[]];
  // The server's stderr goes to a file, so a failure can quote its last lines.
  const logPath = join(tmpdir(), `tool-disclosure-mcp-${randomUUID()}.log`);
  const logFd = openSync(logPath, 'w');
  const environment = Object.fromEntries(
    Object.entries(options.environment).filter(
      (entry): entry is [string, string] => entry[1] !== undefined,
    ),
  );
  const transport = new stdio.StdioMCPTransport({
    command,
    args,
    env: environment,
    stderr: logFd,
  });
  try {
    return await listServer(spec, 'stdio', transport, options, mcp, async () => {
      const text = await readFile(logPath, 'utf8').catch(() => '');
      const tail = text.trim().split('\n').slice(-5).join(' | ').slice(-600);
      return tail === '' ? '' : `; the server wrote: ${tail}`;
    });
  } finally {
    closeSync(logFd);
    await rm(logPath, { force: true });
  }
}

async function connectHttp(
  spec: ServerSpec,
  type: 'http' | 'sse',
  options: ConnectOptions,
  mcp: McpModule,
): Promise<Connected> {
  return await listServer(
    spec,
    type,
    { type, url: spec.url as string, headers: options.headers, redirect: 'follow' },
    options,
    mcp,
    async () => '',
  );
}

/**
 * Connects, lists every tool and checks that they make a catalog, all within
 * the time-out; whatever fails closes what was opened.
 */
async function listServer(
  spec: ServerSpec,
  transportName: Connected['transport'],
  transport: Parameters<McpModule['createMCPClient']>[0]['transport'],
  options: ConnectOptions,
  mcp: McpModule,
  serverOutput: () => Promise<string>,
): Promise<Connected> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(serverError(spec, 'timeout', `no tool list after ${options.timeoutMs} ms`, undefined));
    }, options.timeoutMs);
  });
  let client: MCPClient | undefined;
  const work = (async () => {
    let step: McpServerProblem = 'start';
    try {
      client = await mcp.createMCPClient({
        transport,
        clientName: spec.name ?? 'tool-disclosure',
        initializationOptions: { signal: controller.signal },
        onUncaughtError: () => {},
      });
      step = 'invalid-tools';
      const namespace = spec.name ?? normalizeNamespace(client.serverInfo?.name ?? '');
      if (namespace === '' || !NAMESPACE_PATTERN.test(namespace)) {
        throw new Error(
          `the server gives no usable name (${JSON.stringify(client.serverInfo?.name)}); name it with NAME=`,
        );
      }
      const listed = [];
      let page = await client.listTools({ options: { signal: controller.signal } });
      listed.push(...page.tools);
      while (page.nextCursor != null) {
        page = await client.listTools({
          params: { cursor: page.nextCursor },
          options: { signal: controller.signal },
        });
        listed.push(...page.tools);
      }
      const tools = client.toolsFromDefinitions({ ...page, tools: listed }) as ToolSet;
      // The server's tools must make a catalog on their own, so an error names this server.
      await createCatalog({ namespaces: { [namespace]: { tools } } });
      return {
        spec,
        namespace,
        transport: transportName,
        client,
        tools,
        instructions: client.instructions,
      } satisfies Connected;
    } catch (error) {
      if (controller.signal.aborted) throw error;
      throw serverError(spec, step, `${describe(error)}${await serverOutput()}`, error);
    }
  })();
  try {
    return await Promise.race([work, deadline]);
  } catch (error) {
    work.catch(() => {});
    // A client that connects after the time-out is closed as soon as it exists.
    void work.then((server) => server.client.close()).catch(() => {});
    await (client as MCPClient | undefined)?.close().catch(() => {});
    if (typeof transport === 'object' && 'close' in transport) {
      await transport.close().catch(() => {});
    }
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

function serverError(
  spec: ServerSpec,
  problem: McpServerProblem,
  detail: string,
  cause: unknown,
): McpServerError {
  return new McpServerError({
    server: spec.name ?? spec.target,
    problem,
    target: spec.transport === 'stdio' ? `command: ${spec.target}` : `url: ${spec.target}`,
    detail,
    cause,
  });
}

function asServerError(
  error: unknown,
  spec: ServerSpec,
  problem: McpServerProblem,
): McpServerError {
  if (McpServerError.isInstance(error)) return error;
  if (CliUsageError.isInstance(error)) throw error;
  return serverError(spec, problem, describe(error), error);
}

function detailOf(error: unknown): string {
  return McpServerError.isInstance(error) ? error.detail : describe(error);
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (/closed client|connection closed/i.test(error.message)) {
    return 'the server closed the connection before it answered (it exited, or does not speak MCP on stdio)';
  }
  const code = (error as NodeJS.ErrnoException).code;
  const cause =
    error.cause instanceof Error && !error.message.includes(error.cause.message)
      ? ` (${error.cause.message})`
      : '';
  return `${error.message}${code !== undefined && !error.message.includes(code) ? ` [${code}]` : ''}${cause}`;
}

/** Imports each tools module and merges the records; a clash of names is a usage error. */
async function loadToolModules(paths: readonly string[]): Promise<ToolSet> {
  const merged: ToolSet = {};
  for (const path of paths) {
    const absolute = resolve(path);
    let module: Record<string, unknown>;
    try {
      module = (await import(pathToFileURL(absolute).href)) as Record<string, unknown>;
    } catch (error) {
      throw new CliUsageError({
        message: `cannot load tools module ${absolute}: ${describe(error)}`,
        cause: error,
      });
    }
    let value = module.default ?? module.tools;
    if (typeof value === 'function') value = await (value as () => unknown)();
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      throw new CliUsageError({
        message: `tools module ${absolute} must export (as default or "tools") an AI SDK tools record, or a function returning one`,
      });
    }
    for (const [name, tool] of Object.entries(value)) {
      if (tool === null || typeof tool !== 'object') {
        throw new CliUsageError({
          message: `tool "${name}" in ${absolute} is not an AI SDK tool (found ${tool === null ? 'null' : typeof tool})`,
        });
      }
      if (Object.hasOwn(merged, name)) {
        throw new CliUsageError({
          message: `two tools modules export a tool named "${name}"`,
        });
      }
      merged[name] = tool as ToolSet[string];
    }
  }
  return merged;
}
