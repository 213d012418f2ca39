import { describeFoundValue } from './describe-found-value.js';
import { hasMarker, ToolDisclosureError } from './tool-disclosure-error.js';

const name = 'ToolDisclosureSearchIndexSnapshotMismatchError';
const marker = `tool-disclosure.error.${name}`;
const symbol = Symbol.for(marker);

/** A search index snapshot was taken of another catalog, ranker or tool set, or is not a snapshot. */
export class SearchIndexSnapshotMismatchError extends ToolDisclosureError {
  readonly [symbol] = true;
  /** What differs: `format`, `version`, `ranker`, `catalog` (the fingerprint) or `tools` (the indexed set). */
  readonly field: 'format' | 'version' | 'ranker' | 'catalog' | 'tools';
  /** The value this catalog and ranker need. */
  readonly expected: string;
  /** The snapshot's value. */
  readonly actual: unknown;

  constructor({
    field,
    expected,
    actual,
  }: {
    field: SearchIndexSnapshotMismatchError['field'];
    expected: string;
    actual: unknown;
  }) {
    super({
      name,
      message:
        // Described, never stringified: a snapshot's field may be huge or nested deep enough to overflow the stack.
        `The search index snapshot does not match: its ${field} is ${describeFoundValue(actual)}, ` +
        `expected ${JSON.stringify(expected)}. Take a new snapshot of this catalog (createSearchIndexSnapshot).`,
    });
    this.field = field;
    this.expected = expected;
    this.actual = actual;
  }

  static override isInstance(error: unknown): error is SearchIndexSnapshotMismatchError {
    return hasMarker(error, marker);
  }
}
