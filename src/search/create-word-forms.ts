import type { CatalogEntry } from '../catalog/catalog-entry.js';
import { keepHiddenClass } from '../util/keep-hidden-class.js';
import { findSorted } from './find-sorted.js';
import { toolFieldTerms } from './tool-field-terms.js';

/** The word forms a tool's text uses ("planning", "controlled"), before stemming. */
export interface WordForms {
  has(form: string): boolean;
}

/**
 * Each tool's word forms, by position in `entries`, read from the tool's
 * fields when first asked for and kept: only the tools a request matches are
 * read, so building an index does not pay for them. Kept as the sorted numbers
 * of the forms (numbered once for the index), where a set of strings per tool
 * was the largest part of what a searched index grew by (3 MB over 7,110 tools).
 *
 * @example
 * const wordFormsOf = createWordForms(entries);
 * wordFormsOf(0).has('planning'); // true when tool 0 says "planning"
 */
export function createWordForms(entries: readonly CatalogEntry[]): (position: number) => WordForms {
  const numbers = new Map<string, number>();
  // Sized up front: filled at scattered positions, a growing array would become a dictionary.
  const formsOf = new Array<WordForms | undefined>(entries.length);
  return (position) => {
    let forms = formsOf[position];
    if (forms === undefined) {
      const list: string[] = [];
      toolFieldTerms(entries[position] as CatalogEntry, list);
      const numbered = new Int32Array(list.length);
      for (let index = 0; index < list.length; index++) {
        const form = list[index] as string;
        let number = numbers.get(form);
        if (number === undefined) {
          number = numbers.size;
          numbers.set(form, number);
        }
        numbered[index] = number;
      }
      numbered.sort();
      forms = new NumberedWordForms(numbers, distinctSorted(numbered));
      formsOf[position] = forms;
    }
    return forms;
  };
}

/** `sorted`'s distinct numbers, as a copy of just their length. */
function distinctSorted(sorted: Int32Array): Int32Array {
  let kept = 0;
  for (let index = 0; index < sorted.length; index++) {
    if (index === 0 || sorted[index] !== sorted[kept - 1]) sorted[kept++] = sorted[index] as number;
  }
  return sorted.slice(0, kept);
}

class NumberedWordForms implements WordForms {
  readonly #numbers: ReadonlyMap<string, number>;
  readonly #forms: Int32Array;

  constructor(numbers: ReadonlyMap<string, number>, forms: Int32Array) {
    this.#numbers = numbers;
    this.#forms = forms;
  }

  has(form: string): boolean {
    const number = this.#numbers.get(form);
    return number !== undefined && findSorted(this.#forms, number) >= 0;
  }
}

keepHiddenClass(new NumberedWordForms(new Map(), new Int32Array(0)));
