import { keepHiddenClass } from '../util/keep-hidden-class.js';

/** Term numbers, document after document, and where each document's start (the last entry is the end). */
export interface NumberedRuns {
  readonly values: Int32Array;
  readonly starts: Int32Array;
}

/** Every document's analyzed terms, field by field, each term numbered once. */
export interface FieldTermNumbers {
  /** Every term, by number: in order of first appearance, document by document, field by field. */
  readonly terms: readonly string[];
  /** The number of each term. */
  readonly numbers: ReadonlyMap<string, number>;
  /** Each field's terms, by number, in the order of the fields. */
  readonly fields: readonly NumberedRuns[];
}

/** Numbers documents' terms as they are added, one document at a time. */
export interface FieldTermNumbering {
  /** The number of a term, numbered now when it is new: for `addNumbers`. */
  number(term: string): number;
  /** Adds the next document's terms as their numbers (`number`): one list per field, in the order of the fields. */
  addNumbers(fieldNumbers: readonly ArrayLike<number>[]): void;
  /**
   * Appends numbers (`number`; the first `count`, by default all) to the next document's terms
   * in field `field`, the same as
   * `addNumbers` with them in its list, until `endDocument`: a build writes each text's
   * numbers where they go, with no list per field and tool to copy from.
   */
  appendNumbers(field: number, numbers: ArrayLike<number>, count?: number): void;
  /** Ends the next document, with the numbers `appendNumbers` gave each field. */
  endDocument(): void;
  /** The numbers of every document added so far. */
  numbers(): FieldTermNumbers;
}

/**
 * Numbers analyzed terms once, for the field index and the whole-document
 * statistics alike: each used to number every occurrence by its own map (the
 * field index from text it split again), which was a large share of building
 * an index. A document is numbered as it is added, while its terms are at
 * hand, so they need not outlive it; the numbers grow in typed arrays.
 *
 * @example
 * const numbering = createFieldTermNumbering(2);
 * numbering.addNumbers([[numbering.number('send')], ['send', 'mail'].map((term) => numbering.number(term))]);
 * numbering.numbers().terms; // ['send', 'mail']
 * numbering.numbers().fields[1]?.values; // [0, 1]
 */
export function createFieldTermNumbering(fieldCount: number): FieldTermNumbering {
  return new GrowingFieldTermNumbering(fieldCount);
}

/**
 * The numbering's methods are a class's, not closures made for each build:
 * a closure's optimized code goes with the last closure at a full collection,
 * so every build after one ran these loops unoptimized until V8 compiled them
 * again (`--trace-opt`: once a build).
 */
class GrowingFieldTermNumbering implements FieldTermNumbering {
  readonly #numbers = new Map<string, number>();
  readonly #terms: string[] = [];
  readonly #fields: GrowingRuns[];

  constructor(fieldCount: number) {
    this.#fields = Array.from({ length: fieldCount }, growingRuns);
  }

  number(term: string): number {
    let found = this.#numbers.get(term);
    if (found === undefined) {
      found = this.#terms.length;
      this.#numbers.set(term, found);
      this.#terms.push(term);
    }
    return found;
  }

  addNumbers(fieldNumbers: readonly ArrayLike<number>[]): void {
    for (let field = 0; field < this.#fields.length; field++) {
      this.appendNumbers(field, fieldNumbers[field] ?? []);
    }
    this.endDocument();
  }

  appendNumbers(field: number, list: ArrayLike<number>, count = list.length): void {
    const runs = this.#fields[field] as GrowingRuns;
    reserve(runs, count);
    const { values, length } = runs;
    if (count === list.length) values.set(list, length);
    else for (let index = 0; index < count; index++) values[length + index] = list[index] as number;
    runs.length += count;
  }

  endDocument(): void {
    for (const runs of this.#fields) endRun(runs);
  }

  numbers(): FieldTermNumbers {
    return { terms: this.#terms, numbers: this.#numbers, fields: this.#fields.map(runsOf) };
  }
}

keepHiddenClass(new GrowingFieldTermNumbering(0));

/** Numbers appended run by run, in typed arrays that double as they fill. */
interface GrowingRuns {
  values: Int32Array;
  length: number;
  starts: Int32Array;
  /** How many runs have ended. */
  count: number;
}

function growingRuns(): GrowingRuns {
  return { values: new Int32Array(1024), length: 0, starts: new Int32Array(64), count: 0 };
}

/** Makes room for `more` numbers. */
function reserve(runs: GrowingRuns, more: number): void {
  if (runs.length + more <= runs.values.length) return;
  const grown = new Int32Array(Math.max(2 * runs.values.length, runs.length + more));
  grown.set(runs.values.subarray(0, runs.length));
  runs.values = grown;
}

/** Ends the current run. */
function endRun(runs: GrowingRuns): void {
  if (runs.count + 1 === runs.starts.length) {
    const grown = new Int32Array(2 * runs.starts.length);
    grown.set(runs.starts);
    runs.starts = grown;
  }
  runs.starts[++runs.count] = runs.length;
}

function runsOf(runs: GrowingRuns): NumberedRuns {
  return {
    values: runs.values.slice(0, runs.length),
    starts: runs.starts.slice(0, runs.count + 1),
  };
}
