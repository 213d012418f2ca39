import { hasMarker, ToolDisclosureError } from './tool-disclosure-error.js';

const name = 'ToolDisclosureInvalidOptionError';
const marker = `tool-disclosure.error.${name}`;
const symbol = Symbol.for(marker);

/** An option has a value outside its valid range or set. */
export class InvalidOptionError extends ToolDisclosureError {
  readonly [symbol] = true;
  readonly option: string;
  readonly value: unknown;
  /** What the option accepts, in words or as a list of valid values. */
  readonly expected: string;

  constructor({ option, value, expected }: { option: string; value: unknown; expected: string }) {
    super({
      name,
      message: `Invalid ${option}: ${formatValue(value)}. Expected ${expected}.`,
    });
    this.option = option;
    this.value = value;
    this.expected = expected;
  }

  static override isInstance(error: unknown): error is InvalidOptionError {
    return hasMarker(error, marker);
  }
}

function formatValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean' || value == null)
    return String(value);
  return typeof value;
}
