const marker = 'tool-disclosure.error';
const symbol = Symbol.for(marker);

/**
 * Base class of every error this library throws. Identity is checked with a
 * global symbol so `isInstance` works across two installed copies of the package.
 */
export class ToolDisclosureError extends Error {
  readonly [symbol] = true;

  constructor({ name, message, cause }: { name: string; message: string; cause?: unknown }) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = name;
  }

  static isInstance(error: unknown): error is ToolDisclosureError {
    return hasMarker(error, marker);
  }
}

/** True when `error` carries the marker symbol registered under `markerName`. */
export function hasMarker(error: unknown, markerName: string): boolean {
  return (
    error != null &&
    typeof error === 'object' &&
    (error as Record<symbol, unknown>)[Symbol.for(markerName)] === true
  );
}
