/**
 * Which of a request's terms each tool (by internal id) has: `width` 32-bit
 * words per tool, bit `i` of the tool's words for the request's term `i`.
 */
export interface TermMarks {
  readonly width: number;
  readonly masks: Int32Array;
  /** With a `width` of 1, a tool's word is valid where its stamp is `generation`. */
  readonly stamps: Int32Array;
  readonly generation: number;
}

/** Hands out the marks of one request after another over the same tools. */
export interface TermMarker {
  /** Empty marks for a request of `count` terms; the previous request's marks are void. */
  begin(count: number): TermMarks;
}

/**
 * Marks over `size` tools: a request of up to 32 terms uses one word per
 * tool, stamped by request so that nothing is cleared or allocated from one
 * request to the next; a longer request gets a zeroed array of its own.
 *
 * @example
 * const marks = createTermMarker(3).begin(2);
 * maskWord(marks, 1, 0); // 0
 */
export function createTermMarker(size: number): TermMarker {
  const masks = new Int32Array(size);
  const stamps = new Int32Array(size);
  let generation = 0;
  return {
    begin(count) {
      const width = Math.max(1, Math.ceil(count / 32));
      if (width > 1) return { width, masks: new Int32Array(size * width), stamps, generation: 0 };
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
  if (width > 1) return masks[id * width + word] as number;
  return stamps[id] === generation ? (masks[id] as number) : 0;
}
