import { randomUUID } from 'node:crypto';
import { closeSync, openSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MCPClient } from '@ai-sdk/mcp';
import type { ToolSet } from 'ai';
import { createCatalog, NAMESPACE_PATTERN, normalizeNamespace } from 'tool-disclosure/catalog';
import type { CliIo } from './cli-io.js';
import { CliUsageError } from './cli-usage-error.js';
import { describeSourceError } from './describe-source-error.js';
import { McpServerError, type McpServerProblem } from './mcp-server-error.js';
import type { McpServerSpec } from './mcp-server-spec.js';

/** A server connected and listed: its namespace, client, tools and instructions. */
export interface ConnectedMcpServer {
  spec: McpServerSpec;
  namespace: string;
  transport: 'stdio' | 'http' | 'sse';
  client: MCPClient;
  tools: ToolSet;
  instructions: string | undefined;
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

/** What every server's connection shares: the time-out, the HTTP headers and the stdio servers' environment. */
export interface ConnectOptions {
  timeoutMs: number;
  headers: Record<string, string>;
  environment: CliIo['environment'];
}

/**
 * Starts or connects to one server and lists its tools; an HTTP server that does not answer as
 * Streamable HTTP is tried again over SSE. A failing server is an `McpServerError` naming it.
 */
export async function connectMcpServer(
  spec: McpServerSpec,
  options: ConnectOptions,
): Promise<ConnectedMcpServer> {
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
  spec: McpServerSpec,
  options: ConnectOptions,
  mcp: McpModule,
  stdio: StdioModule,
): Promise<ConnectedMcpServer> {
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
  spec: McpServerSpec,
  type: 'http' | 'sse',
  options: ConnectOptions,
  mcp: McpModule,
): Promise<ConnectedMcpServer> {
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
  spec: McpServerSpec,
  transportName: ConnectedMcpServer['transport'],
  transport: Parameters<McpModule['createMCPClient']>[0]['transport'],
  options: ConnectOptions,
  mcp: McpModule,
  serverOutput: () => Promise<string>,
): Promise<ConnectedMcpServer> {
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
      } satisfies ConnectedMcpServer;
    } catch (error) {
      if (controller.signal.aborted) throw error;
      throw serverError(spec, step, `${describeSourceError(error)}${await serverOutput()}`, error);
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
  spec: McpServerSpec,
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

/** A failed connection as an `McpServerError` naming the server; a usage error is thrown as it is. */
export function asServerError(
  error: unknown,
  spec: McpServerSpec,
  problem: McpServerProblem,
): McpServerError {
  if (McpServerError.isInstance(error)) return error;
  if (CliUsageError.isInstance(error)) throw error;
  return serverError(spec, problem, describeSourceError(error), error);
}

function detailOf(error: unknown): string {
  return McpServerError.isInstance(error) ? error.detail : describeSourceError(error);
}
