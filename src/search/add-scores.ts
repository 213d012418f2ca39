import { createTermMarker, type TermMarker, type TermMarks } from './create-term-marker.js';
import type { TermPostings } from './create-term-postings.js';
import { selectCandidates } from './select-candidates.js';
import type { ToolField } from './tool-field-terms.js';

/** Per-document scratch arrays of one index, by internal id: reused by every query. */
export interface ScoreBuffers {
  readonly totals: Float64Array;
  readonly fieldScores: Float64Array;
  /** Whether a document is among `hits` yet. */
  readonly matched: Uint8Array;
  /** With one word of marks per tool: which of a request's terms each tool has in its name. */
  readonly nameMasks: Int32Array;
  /** A request's candidates (of its terms' pool and its expansions'), by internal id, and their scores. */
  readonly pooledIds: Int32Array;
  readonly pooledScores: Float64Array;
  /** The documents matched so far, in the order first matched. */
  readonly hits: Int32Array;
  /** The candidate pool's heap: BM25 candidates kept per query, as many as it is long. */
  readonly pool: Int32Array;
  /** Which of a request's terms each tool has. */
  readonly marker: TermMarker;
}

/**
 * The scratch arrays of an index of `documentCount` tools (internal ids 1 to `documentCount`),
 * keeping `candidatePool` BM25 candidates per query (`RankingParameters.candidatePool`).
 */
export function createScoreBuffers(documentCount: number, candidatePool: number): ScoreBuffers {
  return {
    totals: new Float64Array(documentCount + 1),
    fieldScores: new Float64Array(documentCount + 1),
    matched: new Uint8Array(documentCount + 1),
    nameMasks: new Int32Array(documentCount + 1),
    pooledScores: new Float64Array(documentCount + 1),
    pooledIds: new Int32Array(2 * candidatePool),
    hits: new Int32Array(documentCount),
    pool: new Int32Array(candidatePool),
    marker: createTermMarker(documentCount + 1),
  };
}

/**
 * Adds the BM25 scores of `terms` (fields and whole document) of the best
 * candidates to `buffers.pooledScores`, listing each candidate once in
 * `buffers.pooledIds` after the `pooled` listed before; returns how many are listed.
 */
export function addScores(
  buffers: ScoreBuffers,
  termPostings: TermPostings,
  terms: readonly string[],
  weight: number,
  // The field boosts of terms of this weight.
  boost: Readonly<Record<ToolField, number>>,
  marks: TermMarks,
  // The bit of the first of `terms` in each tool's marks.
  firstBit: number,
  pooled: number,
): number {
  if (terms.length === 0) return pooled;
  // Every match is scored in full, whole-document part included, before the pool is cut.
  const { totals, fieldScores, matched, hits, nameMasks } = buffers;
  const { width, masks, stamps, generation } = marks;
  let count = 0;
  for (let position = 0; position < terms.length; position++) {
    const term = terms[position] as string;
    const found = termPostings.find(term, weight, boost);
    const {
      ids,
      totals: termTotals,
      fieldScores: termFieldScores,
      inName,
    } = termPostings.chunkOf(found);
    const end = termPostings.endOf(found);
    const bit = 1 << ((firstBit + position) & 31);
    const word = (firstBit + position) >> 5;
    for (let index = termPostings.startOf(found); index < end; index++) {
      const id = ids[index] as number;
      if (width === 1) {
        if (stamps[id] === generation) {
          masks[id] = (masks[id] as number) | bit;
          // Few tools have a term in their name: most have nothing to add to their name word.
          if (inName[index] === 1) nameMasks[id] = (nameMasks[id] as number) | bit;
        } else {
          stamps[id] = generation;
          masks[id] = bit;
          nameMasks[id] = inName[index] === 1 ? bit : 0;
        }
      } else {
        const start = id * width;
        if (stamps[id] !== generation) {
          stamps[id] = generation;
          for (let slot = start; slot < start + width; slot++) masks[slot] = 0;
        }
        masks[start + word] = (masks[start + word] as number) | bit;
      }
      if (matched[id] === 0) {
        matched[id] = 1;
        hits[count++] = id;
      }
      totals[id] = (totals[id] as number) + (termTotals[index] as number);
      fieldScores[id] = (fieldScores[id] as number) + (termFieldScores[index] as number);
    }
  }
  // Orama ranks hits by field score, ties by internal id; the pool keeps that order in ties.
  const { pool } = buffers;
  const kept = selectCandidates(hits, count, pool.length, totals, fieldScores, pool);
  const { pooledScores, pooledIds } = buffers;
  let listed = pooled;
  for (let index = 0; index < kept; index++) {
    const id = pool[index] as number;
    // Listed by an earlier call when it has a score (BM25 of a term a tool has is positive).
    if (pooledScores[id] === 0) pooledIds[listed++] = id;
    pooledScores[id] = (pooledScores[id] as number) + (totals[id] as number);
  }
  // Left as it was found, for the next query.
  for (let index = 0; index < count; index++) {
    const id = hits[index] as number;
    totals[id] = 0;
    fieldScores[id] = 0;
    matched[id] = 0;
  }
  return listed;
}
