import { hasMarker, ToolDisclosureError } from './tool-disclosure-error.js';

const name = 'ToolDisclosureInvalidToolDefinitionError';
const marker = `tool-disclosure.error.${name}`;
const symbol = Symbol.for(marker);

/** A tool (or a tool definition from JSON) cannot enter the catalog. */
export class InvalidToolDefinitionError extends ToolDisclosureError {
  readonly [symbol] = true;
  /** The tool's name as given, or its position when it has no name. */
  readonly toolName: string;
  readonly reason: string;

  constructor({ toolName, reason, cause }: { toolName: string; reason: string; cause?: unknown }) {
    super({ name, message: `Invalid tool definition ${toolName}: ${reason}`, cause });
    this.toolName = toolName;
    this.reason = reason;
  }

  static override isInstance(error: unknown): error is InvalidToolDefinitionError {
    return hasMarker(error, marker);
  }
}
