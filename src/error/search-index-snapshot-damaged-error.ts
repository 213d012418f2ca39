import { describeFoundValue } from './describe-found-value.js';
import { hasMarker, ToolDisclosureError } from './tool-disclosure-error.js';

const name = 'ToolDisclosureSearchIndexSnapshotDamagedError';
const marker = `tool-disclosure.error.${name}`;
const symbol = Symbol.for(marker);

/** The longest `path` a message quotes; a longer one (a saved term in it) is cut. */
const PATH_MAX = 200;

/**
 * A search index snapshot fits its catalog and ranker, but the index saved in
 * it was damaged or edited, so it cannot be loaded as the catalog's index.
 */
export class SearchIndexSnapshotDamagedError extends ToolDisclosureError {
  readonly [symbol] = true;
  /** Where in the snapshot, as a dotted path: `index.tools`, `index.orama.docs.docs.3.description`. */
  readonly path: string;
  /** What a snapshot written by `createSearchIndexSnapshot` holds there. */
  readonly expected: string;
  /**
   * What this snapshot holds there, described in bounded text (a short value,
   * else its type and size): never the value itself, which may be huge or deeply nested.
   */
  readonly actual: string;

  constructor({
    path,
    expected,
    actual,
    cause,
  }: {
    path: string;
    expected: string;
    /** The value found at `path`, `undefined` when it is missing. */
    actual: unknown;
    cause?: unknown;
  }) {
    const where = path.length <= PATH_MAX ? path : `${path.slice(0, PATH_MAX)}…`;
    const found = describeFoundValue(actual);
    super({
      name,
      message:
        `The search index snapshot is damaged: its ${where} is ${found}, expected ${expected}. ` +
        'Write a new snapshot of this catalog (snapshotToolSearchIndex or createSearchIndexSnapshot).',
      cause,
    });
    this.path = where;
    this.expected = expected;
    this.actual = found;
  }

  static override isInstance(error: unknown): error is SearchIndexSnapshotDamagedError {
    return hasMarker(error, marker);
  }
}
