/**
 * Which of a request's terms each tool (by internal id) has: `width` 32-bit
 * words per tool, bit `i` of the tool's words for the request's term `i`. A
 * tool's words are valid where its stamp is `generation`; a writer that finds
 * another stamp clears the tool's words first.
 */
export interface TermMarks {
  readonly width: number;
  readonly masks: Int32Array;
  readonly stamps: Int32Array;
  readonly generation: number;
}

/** Hands out the marks of one request after another over the same tools. */
export interface TermMarker {
  /** Empty marks for a request of `count` terms; the previous request's marks are void. */
  begin(count: number): TermMarks;
}

/**
 * Marks over `size` tools, stamped by request so that nothing is cleared or
 * allocated from one request to the next: a request of up to 32 terms uses
 * one word per tool; a longer one (a request of hundreds of distinct words is
 * allowed) more, in a buffer grown once to its width and kept, where a zeroed
 * array per request cost a collection per search at 10,000 tools.
 *
 * @example
 * const marks = createTermMarker(3).begin(2);
 * maskWord(marks, 1, 0); // 0
 */
export function createTermMarker(size: number): TermMarker {
  let masks = new Int32Array(size);
  const stamps = new Int32Array(size);
  let generation = 0;
  return {
    begin(count) {
      const width = Math.max(1, Math.ceil(count / 32));
      if (masks.length < size * width) masks = new Int32Array(size * width);
      if (generation === 2 ** 31 - 1) {
        stamps.fill(0);
        generation = 0;
      }
      generation += 1;
      return { width, masks, stamps, generation };
    },
  };
}

/** Word `word` of the marks of tool `id`. */
export function maskWord(
  { width, masks, stamps, generation }: TermMarks,
  id: number,
  word: number,
) {
  return stamps[id] === generation ? (masks[id * width + word] as number) : 0;
}
