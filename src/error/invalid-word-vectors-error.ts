import { hasMarker, ToolDisclosureError } from './tool-disclosure-error.js';

const name = 'ToolDisclosureInvalidWordVectorsError';
const marker = `tool-disclosure.error.${name}`;
const symbol = Symbol.for(marker);

/** What is wrong with a word-vector table. */
export type WordVectorsProblem = 'runtime' | 'unreadable' | 'magic' | 'version' | 'size' | 'terms';

const remedies: Record<WordVectorsProblem, string> = {
  runtime:
    'Outside Node (edge runtimes, browsers), fetch data/word-vectors.bin and pass parseWordVectors(bytes) as the wordVectors option.',
  unreadable: 'Reinstall tool-disclosure: data/word-vectors.bin ships with the package.',
  magic: 'Pass the bytes of data/word-vectors.bin, which start with "TDWV".',
  version: 'Use the data/word-vectors.bin of the same tool-disclosure version as the code.',
  size: 'The file is truncated or padded: use the data/word-vectors.bin shipped with the package.',
  terms: 'The terms block is damaged: use the data/word-vectors.bin shipped with the package.',
};

/**
 * A word-vector table could not be read or is not one: the runtime has no Node file system,
 * the file is missing, it is not the format (`magic`), another format version, of the wrong
 * length, or its terms are damaged.
 */
export class InvalidWordVectorsError extends ToolDisclosureError {
  readonly [symbol] = true;
  /** What is wrong: `runtime`, `unreadable`, `magic`, `version`, `size` or `terms`. */
  readonly problem: WordVectorsProblem;
  /** What the table should have held there. */
  readonly expected: string;
  /** What it held. */
  readonly actual: string;

  constructor({
    problem,
    expected,
    actual,
    cause,
  }: {
    problem: WordVectorsProblem;
    expected: string;
    actual: string;
    cause?: unknown;
  }) {
    super({
      name,
      message: `Not a readable word-vector table (${problem}): expected ${expected}, found ${actual}. ${remedies[problem]}`,
      cause,
    });
    this.problem = problem;
    this.expected = expected;
    this.actual = actual;
  }

  static override isInstance(error: unknown): error is InvalidWordVectorsError {
    return hasMarker(error, marker);
  }
}
