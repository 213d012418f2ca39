import { hasMarker, ToolDisclosureError } from 'tool-disclosure/error';

const name = 'ToolDisclosureCliUsageError';
const marker = `tool-disclosure.error.${name}`;
const symbol = Symbol.for(marker);

/** The command line or a file it names cannot be used; the CLI prints the message and exits 2. */
export class CliUsageError extends ToolDisclosureError {
  readonly [symbol] = true;

  constructor({ message, cause }: { message: string; cause?: unknown }) {
    super({ name, message, cause });
  }

  static override isInstance(error: unknown): error is CliUsageError {
    return hasMarker(error, marker);
  }
}
