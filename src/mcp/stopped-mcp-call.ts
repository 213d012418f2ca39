import { ToolBridgeError } from '../error/tool-bridge-error.js';

/** Where a snapshot tool's call was when it stopped: connecting, listing the tools, or running. */
export type McpCallStage = 'connect' | 'list' | 'call';

/** The abort reason of a connection that `close()` stopped, or that no call waits for any more. */
export class McpToolsStopped extends Error {
  readonly why: 'closed' | 'abandoned';

  constructor(why: 'closed' | 'abandoned') {
    super(why === 'closed' ? 'the MCP tools were closed' : 'no call waits for the connection');
    this.name = 'McpToolsStopped';
    this.why = why;
  }
}

const whileText: Record<McpCallStage, string> = {
  connect: 'connecting to the server',
  list: "listing the server's tools",
  call: 'the server ran it',
};

/**
 * The error a snapshot tool's call fails with when its signal aborted (or
 * `close()` stopped it): a `ToolBridgeError` of kind `timeout` when the
 * reason is a `TimeoutError` (the AI SDK's tool timeout), else `aborted`,
 * with `server`, `tool` and `stage` as details. A reason that is already a
 * `ToolBridgeError` is returned as it is.
 */
export function stoppedMcpCall({
  server,
  tool,
  stage,
  reason,
}: {
  server: string;
  tool: string;
  stage: McpCallStage;
  reason: unknown;
}): ToolBridgeError {
  if (ToolBridgeError.isInstance(reason)) return reason;
  const timedOut = (reason as { name?: unknown } | null)?.name === 'TimeoutError';
  const kind = timedOut ? 'timeout' : 'aborted';
  const why = timedOut
    ? 'its time ran out'
    : reason instanceof McpToolsStopped
      ? reason.message
      : 'the request was aborted';
  const after =
    stage === 'call' ? ' It may still run on the server: check before calling it again.' : '';
  return new ToolBridgeError({
    kind,
    message: `${kind}: the call of "${tool}" on MCP server "${server}" was stopped while ${whileText[stage]}: ${why}.${after}`,
    details: { server, tool, stage },
    cause: reason,
  });
}
