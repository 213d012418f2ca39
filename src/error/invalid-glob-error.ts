import { hasMarker, ToolDisclosureError } from './tool-disclosure-error.js';

const name = 'ToolDisclosureInvalidGlobError';
const marker = `tool-disclosure.error.${name}`;
const symbol = Symbol.for(marker);

/** A glob pattern on tool names (allow, deny or core) cannot be compiled. */
export class InvalidGlobError extends ToolDisclosureError {
  readonly [symbol] = true;
  readonly option: string;
  readonly glob: string;
  readonly reason: string;

  constructor({ option, glob, reason }: { option: string; glob: string; reason: string }) {
    super({
      name,
      message:
        `Invalid glob ${JSON.stringify(glob)} in ${option}: ${reason}. ` +
        "Globs match a tool's canonical id, record key or wire name, such as " +
        '"github.*", "*.list_*" or "slack__send_message".',
    });
    this.option = option;
    this.glob = glob;
    this.reason = reason;
  }

  static override isInstance(error: unknown): error is InvalidGlobError {
    return hasMarker(error, marker);
  }
}
