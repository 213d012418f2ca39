import { hasMarker, ToolDisclosureError } from './tool-disclosure-error.js';

const name = 'ToolDisclosureInvalidProfilePinsError';
const marker = `tool-disclosure.error.${name}`;
const symbol = Symbol.for(marker);

/** The profile pin map is rejected as a whole; no pin from it takes effect. */
export class InvalidProfilePinsError extends ToolDisclosureError {
  readonly [symbol] = true;
  /** Where the map came from: the option or the environment variable. */
  readonly source: string;
  readonly reason: string;

  constructor({ source, reason, cause }: { source: string; reason: string; cause?: unknown }) {
    super({
      name,
      message:
        `Invalid profile pins from ${source}: ${reason}. Expected a JSON object mapping profile ids ` +
        '([a-z0-9_:-]{1,128}) to arrays of tool names (record keys, wire names or canonical ids), ' +
        'e.g. {"support":["zendesk.create_ticket","zendesk__update_ticket"]}.',
      cause,
    });
    this.source = source;
    this.reason = reason;
  }

  static override isInstance(error: unknown): error is InvalidProfilePinsError {
    return hasMarker(error, marker);
  }
}
