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
  /** Each field's terms, by number, in the order of the fields given. */
  readonly fields: readonly NumberedRuns[];
  /** Each document's terms of every field, field after field. */
  readonly documents: NumberedRuns;
}

/**
 * Numbers the terms of `documents` once for the field index and the
 * whole-document statistics alike: each used to number every occurrence by
 * its own map (the field index from text it split again), which was a large
 * share of building an index.
 *
 * @example
 * const numbered = numberFieldTerms([{ name: ['send'], description: ['send', 'mail'] }], ['name', 'description']);
 * numbered.terms; // ['send', 'mail']
 * numbered.documents.values; // [0, 0, 1]
 */
export function numberFieldTerms<Field extends string>(
  documents: readonly Readonly<Record<Field, readonly string[]>>[],
  fields: readonly Field[],
): FieldTermNumbers {
  const numbers = new Map<string, number>();
  const terms: string[] = [];
  let total = 0;
  const fieldTotals = fields.map(() => 0);
  for (const document of documents) {
    for (const [index, field] of fields.entries()) {
      const length = document[field].length;
      total += length;
      fieldTotals[index] = (fieldTotals[index] as number) + length;
    }
  }
  const fieldRuns = fieldTotals.map((length) => ({
    values: new Int32Array(length),
    starts: new Int32Array(documents.length + 1),
  }));
  const documentRuns = {
    values: new Int32Array(total),
    starts: new Int32Array(documents.length + 1),
  };
  let end = 0;
  const fieldEnds = fields.map(() => 0);
  for (let position = 0; position < documents.length; position++) {
    const document = documents[position] as Readonly<Record<Field, readonly string[]>>;
    for (let index = 0; index < fields.length; index++) {
      const runs = fieldRuns[index] as { values: Int32Array; starts: Int32Array };
      let fieldEnd = fieldEnds[index] as number;
      for (const term of document[fields[index] as Field]) {
        let number = numbers.get(term);
        if (number === undefined) {
          number = terms.length;
          numbers.set(term, number);
          terms.push(term);
        }
        runs.values[fieldEnd++] = number;
        documentRuns.values[end++] = number;
      }
      fieldEnds[index] = fieldEnd;
      runs.starts[position + 1] = fieldEnd;
    }
    documentRuns.starts[position + 1] = end;
  }
  return { terms, numbers, fields: fieldRuns, documents: documentRuns };
}
