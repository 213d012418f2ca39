/** A tool or query row that is invalid on its own; the rest of the file may still be usable. */
export class InvalidRowError extends Error {}

/** Rejects the row being parsed; the corpus is refused only in strict mode. */
export function rejectRow(reason: string): never {
  throw new InvalidRowError(reason);
}

/** Parses the rows of one kind; an invalid row refuses the corpus in strict mode and is skipped and counted otherwise. */
export type ParseRows = <ROW>(
  rows: readonly unknown[],
  kind: 'tools' | 'queries',
  parseRow: (row: unknown, index: number) => ROW,
) => ROW[];
