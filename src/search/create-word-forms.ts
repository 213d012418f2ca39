import type { CatalogEntry } from '../catalog/catalog-entry.js';
import { ChunkedRuns } from '../util/chunked-runs.js';
import { hashText } from '../util/hash-text.js';
import { findSorted } from './find-sorted.js';
import { toolFieldTerms } from './tool-field-terms.js';

/** The word forms the tools' texts use ("planning", "controlled"), before stemming. */
export interface WordForms {
  /** Whether tool `position` uses the word form `form`. */
  has(position: number, form: string): boolean;
}

/**
 * Each tool's word forms, by position in `entries`, read from the tool's
 * fields when first asked for and kept: only the tools a request matches are
 * read, so building an index does not pay for them. Kept as the sorted hashes
 * of a tool's forms (`hashText`), in shared chunks: the forms as strings, and a
 * list per tool, were the largest part of what a searched index grew by (3.8 MB
 * at 10,000 tools). A hash can stand for two forms: a tool then has a form it
 * does not use, a chance of about one in fifty million per test, and one that
 * only counts a form of a word the tool has in full; a tool's author gains
 * nothing from it that writing the word would not give.
 *
 * @example
 * const wordForms = createWordForms(entries);
 * wordForms.has(0, 'planning'); // true when tool 0 says "planning"
 */
export function createWordForms(entries: readonly CatalogEntry[]): WordForms {
  return new HashedWordForms(entries);
}

/** A class's methods, so every index shares their optimized code. */
class HashedWordForms implements WordForms {
  readonly #entries: readonly CatalogEntry[];
  readonly #runs = new ChunkedRuns((length) => new Int32Array(length), chunkLength);
  // Each tool's run of hashes; 0 before it is read.
  readonly #runOf: Int32Array;

  constructor(entries: readonly CatalogEntry[]) {
    this.#entries = entries;
    this.#runOf = new Int32Array(entries.length);
  }

  has(position: number, form: string): boolean {
    let run = this.#runOf[position] as number;
    if (run === 0) run = this.#read(position);
    const runs = this.#runs;
    return (
      findSorted(runs.chunkOf(run), hashText(form), runs.startOf(run), runs.endOf(run) - 1) >= 0
    );
  }

  #read(position: number): number {
    const forms: string[] = [];
    toolFieldTerms(this.#entries[position] as CatalogEntry, forms);
    const run = this.#runs.add(forms.length);
    const hashes = this.#runs.chunkOf(run);
    const start = this.#runs.startOf(run);
    for (let index = 0; index < forms.length; index++) {
      hashes[start + index] = hashText(forms[index] as string);
    }
    // Sorted, and each kept once.
    const end = start + forms.length;
    hashes.subarray(start, end).sort();
    let kept = start;
    for (let index = start; index < end; index++) {
      if (index === start || hashes[index] !== hashes[kept - 1]) {
        hashes[kept++] = hashes[index] as number;
      }
    }
    this.#runs.shorten(run, kept - start);
    this.#runOf[position] = run;
    return run;
  }
}

/** Hashes per shared chunk. */
const chunkLength = 16_384;
