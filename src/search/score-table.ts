/** What reads a request's scores: how many, and each score with its tool's position. */
export interface ScoreEntries {
  readonly size: number;
  forEach(visit: (score: number, position: number) => void): void;
}

/** Scores that can be changed in place: a `Map` of position to score, or a `ScoreTable`. */
export interface ScoreMap extends ScoreEntries {
  get(position: number): number | undefined;
  set(position: number, score: number): unknown;
}

/**
 * Scores by tool position (0 to `capacity` - 1), as a `Map` of position to
 * score would hold them, in typed arrays kept for the next request: setting,
 * reading and deleting a score costs an array access, where a `Map` hashes
 * and grows per request. `forEach` visits in no particular order (the last
 * set first); a visit may delete or set its own position, and positions set
 * during it are not visited. `clear` costs one step per score held.
 *
 * @example
 * const scores = new ScoreTable(1000);
 * scores.set(7, 0.5);
 * scores.get(7); // 0.5
 * scores.delete(7);
 * scores.size; // 0
 */
export class ScoreTable implements ScoreMap {
  readonly #values: Float64Array;
  /** One more than a held position's index in `#positions`; 0 when not held. */
  readonly #slots: Int32Array;
  readonly #positions: Int32Array;
  #size = 0;

  constructor(capacity: number) {
    this.#values = new Float64Array(capacity);
    this.#slots = new Int32Array(capacity);
    this.#positions = new Int32Array(capacity);
  }

  get size(): number {
    return this.#size;
  }

  has(position: number): boolean {
    return this.#slots[position] !== 0;
  }

  get(position: number): number | undefined {
    return this.#slots[position] === 0 ? undefined : this.#values[position];
  }

  set(position: number, score: number): this {
    if (this.#slots[position] === 0) {
      this.#positions[this.#size] = position;
      this.#size++;
      this.#slots[position] = this.#size;
    }
    this.#values[position] = score;
    return this;
  }

  delete(position: number): boolean {
    const slot = this.#slots[position] as number;
    if (slot === 0) return false;
    // The last held position takes the deleted one's place.
    this.#size--;
    const last = this.#positions[this.#size] as number;
    this.#positions[slot - 1] = last;
    this.#slots[last] = slot;
    this.#slots[position] = 0;
    return true;
  }

  /**
   * The position held at `index` (0 to `size` - 1), in `forEach`'s order read
   * backwards: a loop from `size` - 1 down may delete or set the position it
   * reads, as a visit may, and calls no function per score.
   */
  positionAt(index: number): number {
    return this.#positions[index] as number;
  }

  /** The score of a held `position` (any number for one not held). */
  scoreOf(position: number): number {
    return this.#values[position] as number;
  }

  /** The highest score held, or 0 when none is (scores are positive). */
  top(): number {
    let top = 0;
    for (let index = 0; index < this.#size; index++) {
      top = Math.max(top, this.#values[this.#positions[index] as number] as number);
    }
    return top;
  }

  forEach(visit: (score: number, position: number) => void): void {
    // From the end: a deleted position is replaced by one already visited.
    for (let index = this.#size - 1; index >= 0; index--) {
      const position = this.#positions[index] as number;
      visit(this.#values[position] as number, position);
    }
  }

  /** Whether any held position passes `test`; stops at the first that does. */
  some(test: (position: number) => boolean): boolean {
    for (let index = this.#size - 1; index >= 0; index--) {
      if (test(this.#positions[index] as number)) return true;
    }
    return false;
  }

  clear(): void {
    for (let index = 0; index < this.#size; index++) {
      this.#slots[this.#positions[index] as number] = 0;
    }
    this.#size = 0;
  }
}
