import { randomUUID } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { MCPClient } from '@ai-sdk/mcp';
import type { ToolSet } from 'ai';
import type { NamespaceDeclaration } from 'tool-disclosure/catalog';
import type { ToolSnapshot } from 'tool-disclosure/mcp';
import {
  createMcpToolsFromSnapshot,
  createToolSnapshot,
  parseToolSnapshot,
} from 'tool-disclosure/mcp';
import { clearSearchIndexCache } from 'tool-disclosure/search';
import { generateText } from 'tool-disclosure/wrap';
import { McpServerError } from '../cli/mcp-server-error.js';
import { median } from './percentile.js';
import { scriptedAnswer } from './scripted-model-result.js';
import { timeAlternately } from './time-alternately.js';

/** The gate: a cold request from a snapshot costs at most this share of one that lists tools live. */
export const MCP_COLD_START_MAX_RATIO = 0.2;

/** A stdio MCP server the bench starts: its namespace and the command that runs it. */
export interface McpBenchServer {
  /** Its namespace, as `--mcp NAME=` gives it. */
  readonly name: string;
  readonly command: string;
  readonly args: readonly string[];
}

/** A cold wrapped request over MCP servers, tools listed live against tools read from a snapshot. */
export interface McpColdStart {
  servers: number;
  tools: number;
  /** Bytes of the snapshot file the snapshot path reads. */
  snapshot_bytes: number;
  repetitions: number;
  /** Median of: start and connect every server (concurrently), list their tools, one wrapped step. */
  live_ms: number;
  /** Median of: read and parse the snapshot, serve its tools without connecting, one wrapped step. */
  snapshot_ms: number;
  /** `snapshot_ms / live_ms`. */
  ratio: number;
}

export interface MeasureMcpColdStartOptions {
  /** The servers of the catalog, at least one. */
  servers: readonly McpBenchServer[];
  /** Runs of each path, alternating which goes first. @default 5 */
  repetitions?: number;
  /** The clock, in milliseconds. @default performance.now */
  now?: () => number;
}

type McpModule = typeof import('@ai-sdk/mcp');
type StdioModule = typeof import('@ai-sdk/mcp/mcp-stdio');

/**
 * The first wrapped request of a cold serverless function over stdio MCP
 * servers, two ways: live (start and connect to every server concurrently,
 * list their tools, then one `generateText` step through the wrapper with a
 * scripted model) and from a snapshot (read the snapshot file, parse and check
 * it, serve its tools with `createMcpToolsFromSnapshot`, then the same step;
 * no server is reached, as the model calls no tool). The snapshot is taken
 * from the same servers first, which also warms both paths up. Closing the
 * clients is not timed. Needs `@ai-sdk/mcp`.
 *
 * @example
 * const { ratio } = await measureMcpColdStart({ servers: [{ name: 'fs', command: 'node', args: [bin, dir] }] });
 */
export async function measureMcpColdStart({
  servers,
  repetitions = 5,
  now = () => performance.now(),
}: MeasureMcpColdStartOptions): Promise<McpColdStart> {
  const specifier: string = '@ai-sdk/mcp';
  const mcp = (await import(specifier)) as McpModule;
  const stdio = (await import(`${specifier}/mcp-stdio`)) as StdioModule;
  const { MockLanguageModelV4 } = await import('ai/test');

  const connect = (server: McpBenchServer): Promise<MCPClient> =>
    mcp.createMCPClient({
      transport: new stdio.StdioMCPTransport({
        command: server.command,
        args: [...server.args],
        stderr: 'ignore',
      }),
      clientName: 'tool-disclosure-bench',
      onUncaughtError: () => {},
    });

  const step = async (tools: ToolSet, namespaces: Record<string, NamespaceDeclaration>) => {
    const model = new MockLanguageModelV4({
      provider: 'tool-disclosure',
      modelId: 'bench-mcp-cold-start',
      doGenerate: async () => scriptedAnswer('ok'),
    });
    await generateText({
      model,
      prompt: 'Say ok.',
      tools,
      toolDisclosure: { mode: 'namespaces', namespaces, environment: {}, onWarning: () => {} },
    });
    if (model.doGenerateCalls.length !== 1) {
      throw new Error(`the cold request took ${model.doGenerateCalls.length} model calls, not 1`);
    }
  };

  const live = async (): Promise<number> => {
    clearSearchIndexCache();
    const clients: MCPClient[] = [];
    try {
      const start = now();
      const connected = await Promise.all(
        servers.map(async (server) => {
          const client = await connect(server);
          clients.push(client);
          return { server, client, tools: (await client.tools()) as ToolSet };
        }),
      );
      await step(
        {},
        Object.fromEntries(
          connected.map(({ server, client, tools }) => [
            server.name,
            { ...(client.instructions ? { description: client.instructions } : {}), tools },
          ]),
        ),
      );
      return now() - start;
    } finally {
      await Promise.allSettled(clients.map((client) => client.close()));
    }
  };

  const path = join(tmpdir(), `tool-disclosure-bench-snapshot-${randomUUID()}.json`);
  const fromSnapshot = async (): Promise<number> => {
    clearSearchIndexCache();
    const start = now();
    const snapshot = parseToolSnapshot(JSON.parse(await readFile(path, 'utf8')));
    const served = createMcpToolsFromSnapshot(snapshot, {
      connect: () => Promise.reject(new Error('the bench request calls no tool')),
    });
    await step(
      served.tools,
      Object.fromEntries(
        snapshot.servers.map(({ name, instructions }) => [
          name,
          instructions ? { description: instructions } : {},
        ]),
      ),
    );
    const ms = now() - start;
    await served.close();
    return ms;
  };

  try {
    // The snapshot, taken from the same servers; this also warms both paths up.
    const clients: { server: McpBenchServer; client: MCPClient }[] = [];
    let snapshot: ToolSnapshot;
    try {
      for (const server of servers) {
        try {
          const client = await connect(server);
          clients.push({ server, client });
          await client.listTools();
        } catch (error) {
          // The transport's own message ("closed client") hides that the server never started.
          throw new McpServerError({
            server: server.name,
            problem: 'start',
            target: [server.command, ...server.args].join(' '),
            detail: error instanceof Error ? error.message : String(error),
            cause: error,
          });
        }
      }
      snapshot = await createToolSnapshot(
        clients.map(({ server, client }) => ({ name: server.name, client })),
      );
    } finally {
      await Promise.allSettled(clients.map(({ client }) => client.close()));
    }
    const text = `${JSON.stringify(snapshot, null, 2)}\n`;
    await writeFile(path, text);
    await live();
    await fromSnapshot();

    const { first: liveMs, second: snapshotMs } = await timeAlternately(
      repetitions,
      live,
      fromSnapshot,
    );
    clearSearchIndexCache();
    const live_ms = median(liveMs);
    const snapshot_ms = median(snapshotMs);
    return {
      servers: servers.length,
      tools: snapshot.tools.length,
      snapshot_bytes: Buffer.byteLength(text),
      repetitions,
      live_ms,
      snapshot_ms,
      ratio: snapshot_ms / live_ms,
    };
  } finally {
    await rm(path, { force: true });
  }
}
