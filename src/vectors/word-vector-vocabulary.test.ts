import { describe, expect, it } from 'vitest';
import { createWordVectors } from './word-vectors.js';

/** Unit vectors at chosen angles in the plane: cosine similarity is the cosine of their difference. */
function atAngles(angles: Record<string, number>) {
  const terms = Object.keys(angles);
  const vectors = new Float32Array(terms.length * 2);
  terms.forEach((term, row) => {
    const radians = ((angles[term] as number) * Math.PI) / 180;
    vectors[row * 2] = Math.cos(radians);
    vectors[row * 2 + 1] = Math.sin(radians);
  });
  return createWordVectors({ terms, vectors, dimension: 2 });
}

const wordVectors = atAngles({ imag: 0, pictur: 10, photo: -10, draw: 40, invoic: 120, bill: 130 });

describe('a word-vector vocabulary', () => {
  it('keeps the terms the table holds, once each, in the order given', () => {
    const vocabulary = wordVectors.vocabulary(['invoic', 'banana', 'imag', 'invoic', 'draw']);
    expect(vocabulary.terms).toEqual(['invoic', 'imag', 'draw']);
  });

  it('finds the nearest terms, most similar first, the term itself included', () => {
    const vocabulary = wordVectors.vocabulary(['invoic', 'draw', 'imag', 'bill', 'photo']);
    const nearest = vocabulary.nearest('pictur', { k: 3, minSimilarity: 0 });
    expect(nearest.map(({ term }) => term)).toEqual(['imag', 'photo', 'draw']);
    expect(nearest[0]?.similarity).toBeCloseTo(Math.cos((10 * Math.PI) / 180), 6);
    expect(vocabulary.nearest('imag', { k: 1 })).toEqual([
      { term: 'imag', similarity: expect.closeTo(1, 6) },
    ]);
  });

  it('orders equal similarities by term, whatever the vocabulary order', () => {
    const forward = wordVectors.vocabulary(['pictur', 'photo']).nearest('imag');
    const backward = wordVectors.vocabulary(['photo', 'pictur']).nearest('imag');
    expect(forward.map(({ term }) => term)).toEqual(['photo', 'pictur']);
    expect(backward).toEqual(forward);
  });

  it('leaves out terms below minSimilarity (0.5 by default) and keeps k (5 by default)', () => {
    const vocabulary = wordVectors.vocabulary([
      'imag',
      'pictur',
      'photo',
      'draw',
      'invoic',
      'bill',
    ]);
    expect(vocabulary.nearest('imag').map(({ term }) => term)).toEqual([
      'imag',
      'photo',
      'pictur',
      'draw',
    ]);
    expect(vocabulary.nearest('imag', { minSimilarity: 0.95 })).toHaveLength(3);
    expect(vocabulary.nearest('imag', { k: 0 })).toEqual([]);
    expect(vocabulary.nearest('imag', { k: 10, minSimilarity: -1 })).toHaveLength(6);
  });

  it('finds nothing for a term the table lacks, or in an empty vocabulary', () => {
    expect(wordVectors.vocabulary(['imag']).nearest('banana')).toEqual([]);
    expect(wordVectors.vocabulary([]).nearest('imag')).toEqual([]);
    expect(wordVectors.nearest('banana', new Set(['imag']))).toEqual([]);
  });

  it('answers the same through WordVectors.nearest with a Set', () => {
    const terms = new Set(['invoic', 'bill', 'draw']);
    expect(wordVectors.nearest('invoic', terms, { k: 2 })).toEqual(
      wordVectors.vocabulary(terms).nearest('invoic', { k: 2 }),
    );
  });
});
