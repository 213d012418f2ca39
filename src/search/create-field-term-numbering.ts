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
  /** Each document's terms of every field, field after field. */
  readonly documents: NumberedRuns;
}

/** Numbers documents' terms as they are added, one document at a time. */
export interface FieldTermNumbering {
  /** Numbers the next document's terms: one list per field, in the order of the fields. */
  add(fieldTerms: readonly (readonly string[])[]): void;
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
 * numbering.add([['send'], ['send', 'mail']]);
 * numbering.numbers().terms; // ['send', 'mail']
 * numbering.numbers().documents.values; // [0, 0, 1]
 */
export function createFieldTermNumbering(fieldCount: number): FieldTermNumbering {
  const numbers = new Map<string, number>();
  const terms: string[] = [];
  const fields = Array.from({ length: fieldCount }, () => growingRuns());
  const documents = growingRuns();
  return {
    add(fieldTerms) {
      for (let field = 0; field < fieldCount; field++) {
        const runs = fields[field] as GrowingRuns;
        for (const term of fieldTerms[field] ?? []) {
          let number = numbers.get(term);
          if (number === undefined) {
            number = terms.length;
            numbers.set(term, number);
            terms.push(term);
          }
          runs.push(number);
          documents.push(number);
        }
        runs.end();
      }
      documents.end();
    },
    numbers: () => ({
      terms,
      numbers,
      fields: fields.map((runs) => runs.runs()),
      documents: documents.runs(),
    }),
  };
}

/** Numbers appended run by run, in typed arrays that double as they fill. */
interface GrowingRuns {
  push(value: number): void;
  /** Ends the current run. */
  end(): void;
  runs(): NumberedRuns;
}

function growingRuns(): GrowingRuns {
  let values = new Int32Array(1024);
  let length = 0;
  let starts = new Int32Array(64);
  let runCount = 0;
  return {
    push(value) {
      if (length === values.length) {
        const grown = new Int32Array(2 * length);
        grown.set(values);
        values = grown;
      }
      values[length++] = value;
    },
    end() {
      if (runCount + 1 === starts.length) {
        const grown = new Int32Array(2 * starts.length);
        grown.set(starts);
        starts = grown;
      }
      starts[++runCount] = length;
    },
    runs: () => ({ values: values.slice(0, length), starts: starts.slice(0, runCount + 1) }),
  };
}
