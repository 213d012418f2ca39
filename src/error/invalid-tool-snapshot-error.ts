import { hasMarker, ToolDisclosureError } from './tool-disclosure-error.js';

const name = 'ToolDisclosureInvalidToolSnapshotError';
const marker = `tool-disclosure.error.${name}`;
const symbol = Symbol.for(marker);

/**
 * A tool snapshot cannot be used: it is not in format version 1, a field is
 * missing or malformed, a name repeats, or a tool's content does not match its
 * fingerprint (the file was edited). Names where (`path`) and why (`reason`).
 */
export class InvalidToolSnapshotError extends ToolDisclosureError {
  readonly [symbol] = true;
  /** Where in the snapshot, as a JSON path such as `tools[3].fingerprint`; empty for the whole. */
  readonly path: string;
  readonly reason: string;

  constructor({ path, reason }: { path: string; reason: string }) {
    super({
      name,
      message: `Invalid tool snapshot${path ? ` at ${path}` : ''}: ${reason}. Take a new snapshot with createToolSnapshot.`,
    });
    this.path = path;
    this.reason = reason;
  }

  static override isInstance(error: unknown): error is InvalidToolSnapshotError {
    return hasMarker(error, marker);
  }
}
