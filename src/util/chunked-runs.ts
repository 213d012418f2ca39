import { keepHiddenClass } from './keep-hidden-class.js';

/**
 * Runs of different lengths (a term's postings, a tool's word pairs) kept in a
 * few large chunks, each run numbered from 1 (0 is the empty run): where a typed
 * array per run (an object, a buffer and its header each) weighed more than the
 * numbers in it. Shared chunks double in length from a sixteenth of
 * `chunkLength` up to it, so a small index makes small chunks; a run longer
 * than a quarter of `chunkLength` has a chunk of its own.
 *
 * @example
 * const runs = new ChunkedRuns((length) => new Int32Array(length), 4096);
 * const run = runs.add(3);
 * runs.chunkOf(run).set([7, 8, 9], runs.startOf(run));
 */
export class ChunkedRuns<CHUNK> {
  readonly #newChunk: (length: number) => CHUNK;
  readonly #chunkLength: number;
  readonly #chunks: CHUNK[];
  #chunkOf: Int32Array = new Int32Array(64);
  #startOf: Int32Array = new Int32Array(64);
  #endOf: Int32Array = new Int32Array(64);
  #count = 1;
  // The shared chunk runs are added to, its room, and where the next run goes.
  #open = 0;
  #room = 0;
  #filled = 0;

  /** `newChunk(length)` makes a chunk of room for `length` numbers; shared chunks have at most `chunkLength`. */
  constructor(newChunk: (length: number) => CHUNK, chunkLength: number) {
    this.#newChunk = newChunk;
    this.#chunkLength = chunkLength;
    this.#chunks = [newChunk(0)];
  }

  /** Numbers a new run of `length` and makes room for it (what a new chunk holds: zeros, say). */
  add(length: number): number {
    let chunk: number;
    let start = 0;
    if (length > this.#chunkLength / 4) {
      this.#chunks.push(this.#newChunk(length));
      chunk = this.#chunks.length - 1;
    } else {
      if (this.#filled + length > this.#room) {
        const room = Math.max(
          length,
          Math.min(this.#chunkLength, this.#room === 0 ? this.#chunkLength / 16 : 2 * this.#room),
        );
        this.#chunks.push(this.#newChunk(room));
        this.#open = this.#chunks.length - 1;
        this.#room = room;
        this.#filled = 0;
      }
      chunk = this.#open;
      start = this.#filled;
      this.#filled += length;
    }
    if (this.#count === this.#chunkOf.length) {
      this.#chunkOf = doubled(this.#chunkOf);
      this.#startOf = doubled(this.#startOf);
      this.#endOf = doubled(this.#endOf);
    }
    const run = this.#count++;
    this.#chunkOf[run] = chunk;
    this.#startOf[run] = start;
    this.#endOf[run] = start + length;
    return run;
  }

  /**
   * Ends the last run added at `length`, no longer than it was added: room asked for before the
   * length was known. Its unused room is used by the next run when it shares a chunk.
   */
  shorten(run: number, length: number): void {
    const start = this.#startOf[run] as number;
    if (run !== this.#count - 1 || length > (this.#endOf[run] as number) - start) {
      throw new RangeError(`only the last run can be shortened, and only within its room`);
    }
    this.#endOf[run] = start + length;
    if (this.#chunkOf[run] === this.#open) this.#filled = start + length;
  }

  /** The chunk that holds run `run`. */
  chunkOf(run: number): CHUNK {
    return this.#chunks[this.#chunkOf[run] as number] as CHUNK;
  }

  /** Where run `run` starts in its chunk. */
  startOf(run: number): number {
    return this.#startOf[run] as number;
  }

  /** Where run `run` ends (exclusive) in its chunk. */
  endOf(run: number): number {
    return this.#endOf[run] as number;
  }
}

keepHiddenClass(new ChunkedRuns((length) => new Int32Array(length), 1));

function doubled(numbers: Int32Array): Int32Array {
  const larger = new Int32Array(2 * numbers.length);
  larger.set(numbers);
  return larger;
}
