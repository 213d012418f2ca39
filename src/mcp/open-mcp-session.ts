import { McpConnectionError } from '../error/mcp-connection-error.js';
import { McpListingLimitError } from '../error/mcp-listing-limit-error.js';
import { listAllTools } from './list-all-tools.js';
import type { McpToolClient, McpToolDefinition } from './mcp-tool-client.js';
import { untilAborted } from './until-aborted.js';

/** A connected server and its tools as it lists them now. */
export interface McpSession {
  readonly client: McpToolClient;
  readonly live: ReadonlyMap<string, McpToolDefinition>;
}

/** What `openMcpSession` connects with, and where it stops. */
export interface OpenMcpSessionOptions {
  readonly server: string;
  readonly connect: (
    server: string,
    options: { readonly signal: AbortSignal },
  ) => PromiseLike<McpToolClient>;
  /** Stops the session being opened; a reason that is an `McpListingLimitError` is a bound it went past. */
  readonly signal: AbortSignal;
  readonly maxPages: number;
  readonly maxTools: number;
  /** Told when the client is connected and listing starts. */
  readonly onListing: () => void;
  /** Takes a client the session will not use (its listing failed, or it came after the stop) to close. */
  readonly discard: (client: McpToolClient) => void;
}

/**
 * Connects to a server and lists its tools, racing each step with `signal`,
 * so an unresponsive server cannot keep it pending and nothing runs after it
 * settled. Rejects with `McpConnectionError` when connecting or listing
 * failed or went past a bound (the `McpListingLimitError` as `cause`), and
 * with the signal's reason when it was stopped otherwise.
 */
export async function openMcpSession({
  server,
  connect,
  signal,
  maxPages,
  maxTools,
  onListing,
  discard,
}: OpenMcpSessionOptions): Promise<McpSession> {
  let stage: 'connect' | 'list' = 'connect';
  const stopped = () =>
    McpListingLimitError.isInstance(signal.reason)
      ? new McpConnectionError({ server, stage, cause: signal.reason })
      : signal.reason;

  // In a then, so a connect that throws at once fails as one that rejects.
  const connecting = Promise.resolve().then(() => connect(server, { signal }));
  let client: McpToolClient;
  try {
    client = await untilAborted(connecting, signal);
  } catch (cause) {
    if (!signal.aborted) throw new McpConnectionError({ server, stage, cause });
    // A client that arrives after all is closed, never used.
    connecting.then(discard, () => {});
    throw stopped();
  }

  stage = 'list';
  onListing();
  try {
    const live = new Map<string, McpToolDefinition>();
    for (const tool of await listAllTools(client, { server, signal, maxPages, maxTools })) {
      live.set(tool.name, tool);
    }
    return { client, live };
  } catch (cause) {
    discard(client);
    throw signal.aborted ? stopped() : new McpConnectionError({ server, stage, cause });
  }
}
