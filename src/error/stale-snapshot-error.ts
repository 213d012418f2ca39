import { ToolBridgeError } from './tool-bridge-error.js';
import { hasMarker } from './tool-disclosure-error.js';

const name = 'ToolDisclosureStaleSnapshotError';
const marker = `tool-disclosure.error.${name}`;
const symbol = Symbol.for(marker);

/** Why a snapshot tool is stale: its server now lists it differently, or not at all. */
export type StaleSnapshotReason = 'changed' | 'vanished';

/**
 * A tool served from a snapshot was not run because its server no longer
 * lists it as the snapshot has it: the model chose it, and the wrapper
 * validated its arguments, against content the server has since changed or
 * removed. A bridge error of kind `stale_snapshot`, so the model reads
 * `{ error: { kind: 'stale_snapshot', message, server, tool, reason } }`.
 */
export class StaleSnapshotError extends ToolBridgeError {
  readonly [symbol] = true;
  /** The server that lists (or listed) the tool. */
  readonly server: string;
  /** The tool's MCP name on that server. */
  readonly tool: string;
  readonly reason: StaleSnapshotReason;

  constructor({
    server,
    tool,
    reason,
  }: { server: string; tool: string; reason: StaleSnapshotReason }) {
    const what =
      reason === 'changed'
        ? `its description, parameters or annotations changed on MCP server "${server}"`
        : `MCP server "${server}" no longer offers it`;
    super({
      kind: 'stale_snapshot',
      message:
        `stale_snapshot: "${tool}" was not run: ${what} since the tool snapshot was taken, ` +
        'so what you were shown of it is out of date. Do not retry it; use another tool, or tell ' +
        'the user the tool snapshot must be refreshed.',
      details: { server, tool, reason },
    });
    this.name = name;
    this.server = server;
    this.tool = tool;
    this.reason = reason;
  }

  static override isInstance(error: unknown): error is StaleSnapshotError {
    return hasMarker(error, marker);
  }
}
