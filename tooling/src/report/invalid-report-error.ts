import { hasMarker, ToolDisclosureError } from 'tool-disclosure/error';

const name = 'ToolDisclosureInvalidReportError';
const marker = `tool-disclosure.error.${name}`;
const symbol = Symbol.for(marker);

/** A file given to `report` is neither a `bench --json` report nor a schema-version-2 e2e report. */
export class InvalidReportError extends ToolDisclosureError {
  readonly [symbol] = true;
  readonly path: string;
  readonly problem: string;

  constructor({ path, problem }: { path: string; problem: string }) {
    super({
      name,
      message: `${path} is not a report: ${problem}. Expected the output of 'tool-disclosure bench --json' or a schema_version 2 report of 'tool-disclosure e2e --out'`,
    });
    this.path = path;
    this.problem = problem;
  }

  static override isInstance(error: unknown): error is InvalidReportError {
    return hasMarker(error, marker);
  }
}
