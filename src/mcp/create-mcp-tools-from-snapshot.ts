import { dynamicTool, type JSONSchema7, type JSONValue, jsonSchema, type ToolSet } from 'ai';
import { InvalidOptionError } from '../error/invalid-option-error.js';
import { McpListingLimitError } from '../error/mcp-listing-limit-error.js';
import { StaleSnapshotError } from '../error/stale-snapshot-error.js';
import { type CloseOutcome, closeClientWithin } from './close-client-within.js';
import { fingerprintMcpTool } from './fingerprint-mcp-tool.js';
import { linkSignals } from './link-signals.js';
import type { McpCloseReport } from './mcp-close-report.js';
import { mcpToModelOutput } from './mcp-to-model-output.js';
import type { McpToolClient, McpToolDefinition } from './mcp-tool-client.js';
import { type McpSession, openMcpSession } from './open-mcp-session.js';
import { McpToolsStopped, stoppedMcpCall } from './stopped-mcp-call.js';
import type { SnapshotTool, ToolSnapshot } from './tool-snapshot.js';
import { untilAborted } from './until-aborted.js';

/** Options of `createMcpToolsFromSnapshot`. */
export interface CreateMcpToolsFromSnapshotOptions {
  /**
   * Connects to a server of the snapshot, by its name: the app decides how
   * (stdio, HTTP, credentials). Called at most once per server while a
   * connection stands, on the first call of one of its tools. `signal` aborts
   * when no call waits for the connection any more (their requests were
   * aborted), when `connectTimeoutMs` runs out or when `close()` is called:
   * pass it on (`createMCPClient`'s `initializationOptions: { signal }`). A
   * client that arrives after it aborted is closed, never used.
   */
  readonly connect: (
    server: string,
    options: { readonly signal: AbortSignal },
  ) => PromiseLike<McpToolClient>;
  /**
   * The most pages of `tools/list` read from one server; a server that needs
   * more fails the call with `McpConnectionError` (its `cause` an
   * `McpListingLimitError` of limit `pages`). A server that sends a cursor
   * it sent before fails the same way (limit `cursor`) at once.
   * @default 100
   */
  readonly maxListPages?: number;
  /**
   * The most tools kept from one server, all pages together; a server that
   * lists more fails the call (limit `tools`) and none of them are kept.
   * @default 10_000
   */
  readonly maxListedTools?: number;
  /**
   * How long connecting to a server and listing its tools may take together,
   * in milliseconds; then the call fails (limit `time`) and the connection is
   * dropped. Holds also when the request has no abort signal.
   * @default 20_000
   */
  readonly connectTimeoutMs?: number;
  /**
   * How long `close()` waits for each client's close, in milliseconds, before
   * it reports the client as `timeout` and stops waiting for it.
   * @default 1_000
   */
  readonly closeTimeoutMs?: number;
}

/** Tools served from a snapshot, and a way to close the connections their calls opened. */
export interface McpSnapshotTools {
  /**
   * AI SDK tools keyed `server.tool` (`github.create_issue`), each with
   * `metadata.namespace` and `metadata.clientName` set to its server and
   * `metadata.annotations` to its MCP annotations.
   */
  readonly tools: ToolSet;
  /**
   * Closes every client opened so far, and stops connections still being
   * made and calls still running (they fail with a `ToolBridgeError` of kind
   * `aborted`; a client that arrives later is closed then). Waits at most
   * `closeTimeoutMs` for each client, all at once, and never rejects: it
   * resolves to a report of the clients it closed and those whose close
   * threw or did not settle in time, with the clients of failed or stopped
   * connections closed since the last `close()` (the latest 100). A later
   * call connects again.
   */
  close(): Promise<McpCloseReport>;
}

/** A server's connection, being made or made, and the calls waiting for it. */
interface Connection {
  readonly server: string;
  /** Stops the connection being made, and the calls running over one made. */
  readonly controller: AbortController;
  readonly session: Promise<McpSession>;
  /** What the connection being made does now. */
  stage: 'connect' | 'list';
  settled: boolean;
  /** Calls waiting for the connection to be made. */
  waiters: number;
}

/** How many closes made outside `close()` are kept for its report, the latest. */
const BACKGROUND_OUTCOMES_KEPT = 100;

/** The longest a timer waits (2^31 - 1 ms, about 24.8 days). */
const TIMER_MS_MAX = 2_147_483_647;

/**
 * Serves a snapshot's tools without connecting to any server: each tool's
 * `execute` connects to its server on the first call of any of its tools
 * (concurrent calls share the connection), lists the server's tools once, and
 * runs the tool only when the server still lists it with the snapshot's
 * fingerprint. A tool that changed or vanished fails with `StaleSnapshotError`
 * (`stale_snapshot`) and is never called: its arguments were validated against
 * the old schema. A failed connection fails the call with `McpConnectionError`
 * and is tried again on the next call. Results are returned as `@ai-sdk/mcp`
 * returns them, `isError` results included.
 *
 * A server is not trusted to behave: listing stops at `maxListPages` pages,
 * `maxListedTools` tools, a repeated cursor or `connectTimeoutMs`
 * (`McpConnectionError` with an `McpListingLimitError` cause), and the
 * call's abort signal (`options.abortSignal`, which the AI SDK passes) is
 * passed to connecting, listing and `callTool` and stops the call at once,
 * even when the client ignores it (a `ToolBridgeError` of kind `aborted`, or
 * `timeout` for the SDK's tool timeout). A connection that fails, or that no
 * call waits for any more, is closed and not kept, and nothing runs after.
 *
 * @example
 * const { tools, close } = createMcpToolsFromSnapshot(parseToolSnapshot(json), {
 *   connect: (server, { signal }) =>
 *     createMCPClient({ transport: transports[server], initializationOptions: { signal } }),
 * });
 * try {
 *   const settings = await withToolDisclosure({ model, prompt, tools });
 *   return await generateText(settings);
 * } finally {
 *   await close();
 * }
 */
export function createMcpToolsFromSnapshot(
  snapshot: ToolSnapshot,
  {
    connect,
    maxListPages = 100,
    maxListedTools = 10_000,
    connectTimeoutMs = 20_000,
    closeTimeoutMs = 1_000,
  }: CreateMcpToolsFromSnapshotOptions,
): McpSnapshotTools {
  checkCount('maxListPages', maxListPages, 1, Number.MAX_SAFE_INTEGER);
  checkCount('maxListedTools', maxListedTools, 1, Number.MAX_SAFE_INTEGER);
  checkCount('connectTimeoutMs', connectTimeoutMs, 1, TIMER_MS_MAX);
  checkCount('closeTimeoutMs', closeTimeoutMs, 0, TIMER_MS_MAX);

  const connections = new Map<string, Connection>();
  /** Closes started outside `close()`: of connections that failed or were stopped. */
  const closing = new Set<Promise<void>>();
  let closedSince: CloseOutcome[] = [];

  const closeInBackground = (server: string, client: McpToolClient) => {
    const done = closeClientWithin(server, client, closeTimeoutMs).then((outcome) => {
      closedSince.push(outcome);
      if (closedSince.length > BACKGROUND_OUTCOMES_KEPT) closedSince.shift();
      closing.delete(done);
    });
    closing.add(done);
  };

  const open = (server: string): Connection => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      controller.abort(new McpListingLimitError({ server, limit: 'time', max: connectTimeoutMs }));
    }, connectTimeoutMs);
    const state = { stage: 'connect' as Connection['stage'], settled: false, waiters: 0 };
    const session = openMcpSession({
      server,
      connect,
      signal: controller.signal,
      maxPages: maxListPages,
      maxTools: maxListedTools,
      onListing: () => {
        state.stage = 'list';
      },
      discard: (client) => closeInBackground(server, client),
    }).finally(() => {
      clearTimeout(timer);
      state.settled = true;
    });
    const connection: Connection = Object.assign(state, { server, controller, session });
    // A connection that failed or was stopped is not kept: the next call connects again.
    session.catch(() => forget(connection));
    return connection;
  };

  const forget = (connection: Connection) => {
    if (connections.get(connection.server) === connection) connections.delete(connection.server);
  };

  /** The tool's server's session, connecting on the first call; stops when `signal` aborts. */
  const sessionFor = async (
    server: string,
    tool: string,
    signal: AbortSignal | undefined,
  ): Promise<{ session: McpSession; connection: Connection }> => {
    let connection = connections.get(server);
    if (connection === undefined) {
      connection = open(server);
      connections.set(server, connection);
    }
    connection.waiters += 1;
    try {
      return { session: await untilAborted(connection.session, signal), connection };
    } catch (error) {
      if (signal?.aborted) {
        throw stoppedMcpCall({ server, tool, stage: connection.stage, reason: signal.reason });
      }
      if (error instanceof McpToolsStopped) {
        throw stoppedMcpCall({ server, tool, stage: connection.stage, reason: error });
      }
      throw error;
    } finally {
      connection.waiters -= 1;
      // A connection no call waits for is stopped, so nothing keeps listing.
      if (connection.waiters === 0 && !connection.settled) {
        forget(connection);
        connection.controller.abort(new McpToolsStopped('abandoned'));
      }
    }
  };

  const tools: ToolSet = Object.create(null);
  for (const snapshotTool of snapshot.tools) {
    const { server, name } = snapshotTool;
    tools[`${server}.${name}`] = dynamicTool({
      description: snapshotTool.description,
      metadata: {
        namespace: server,
        clientName: server,
        toolName: name,
        ...(snapshotTool.annotations === undefined
          ? {}
          : { annotations: snapshotTool.annotations as Record<string, JSONValue> }),
      },
      // As `@ai-sdk/mcp` builds its tools, so arguments are checked as the live tool's would be.
      inputSchema: jsonSchema({
        ...snapshotTool.inputSchema,
        properties: snapshotTool.inputSchema.properties ?? {},
        additionalProperties: false,
      } as JSONSchema7),
      execute: async (input, options) => {
        const requestSignal = options.abortSignal;
        if (requestSignal?.aborted) {
          throw stoppedMcpCall({
            server,
            tool: name,
            stage: 'connect',
            reason: requestSignal.reason,
          });
        }
        const { session, connection } = await sessionFor(server, name, requestSignal);
        checkFresh(snapshotTool, session.live.get(name));
        // The request's signal, and close() of the connection the call runs over.
        const linked = linkSignals(requestSignal, connection.controller.signal);
        if (linked.signal.aborted) {
          // Stopped between listing and the call: nothing was sent.
          throw stoppedMcpCall({ server, tool: name, stage: 'list', reason: linked.signal.reason });
        }
        try {
          return await untilAborted(
            session.client.callTool({
              name,
              arguments: input as Record<string, unknown>,
              options: { signal: linked.signal },
            }),
            linked.signal,
          );
        } catch (error) {
          if (!linked.signal.aborted) throw error;
          throw stoppedMcpCall({ server, tool: name, stage: 'call', reason: linked.signal.reason });
        } finally {
          linked.unlink();
        }
      },
      toModelOutput: mcpToModelOutput,
    });
  }

  return {
    tools,
    async close() {
      const open = [...connections.values()];
      connections.clear();
      for (const connection of open) connection.controller.abort(new McpToolsStopped('closed'));
      // Every connection settles at once once stopped; those being made close their own client.
      const outcomes = await Promise.all(
        open.map(async ({ server, session }) => {
          const opened = await session.catch(() => undefined);
          return opened === undefined
            ? undefined
            : closeClientWithin(server, opened.client, closeTimeoutMs);
        }),
      );
      await Promise.all(closing);
      const all = [
        ...closedSince,
        ...outcomes.filter((outcome): outcome is CloseOutcome => outcome !== undefined),
      ].sort((a, b) => (a.server < b.server ? -1 : a.server > b.server ? 1 : 0));
      closedSince = [];
      return {
        closed: all.flatMap((outcome) => ('closed' in outcome ? [outcome.server] : [])),
        failed: all.flatMap((outcome) => ('closed' in outcome ? [] : [outcome])),
      };
    },
  };
}

/** Throws `InvalidOptionError` unless `value` is a whole number from `min` to `max`. */
function checkCount(option: string, value: unknown, min: number, max: number): void {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= min && value <= max) {
    return;
  }
  const unit = option.endsWith('Ms') ? ' of milliseconds' : '';
  throw new InvalidOptionError({
    option,
    value,
    expected: `a whole number${unit} from ${min} to ${max}, or undefined for the default`,
  });
}

/** Throws `StaleSnapshotError` unless the server lists the tool exactly as the snapshot has it. */
function checkFresh(snapshotTool: SnapshotTool, live: McpToolDefinition | undefined): void {
  if (live === undefined) {
    throw new StaleSnapshotError({
      server: snapshotTool.server,
      tool: snapshotTool.name,
      reason: 'vanished',
    });
  }
  if (fingerprintMcpTool(live) !== snapshotTool.fingerprint) {
    throw new StaleSnapshotError({
      server: snapshotTool.server,
      tool: snapshotTool.name,
      reason: 'changed',
    });
  }
}
