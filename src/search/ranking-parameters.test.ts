import { describe, expect, it } from 'vitest';
import { InvalidOptionError } from '../error/invalid-option-error.js';
import { RANKING_PARAMETERS, resolveRankingParameters } from './ranking-parameters.js';
import { SOFTWARE_SYNONYMS } from './software-synonyms.js';

describe('RANKING_PARAMETERS', () => {
  it('is frozen all the way down', () => {
    expect(Object.isFrozen(RANKING_PARAMETERS)).toBe(true);
    expect(Object.isFrozen(RANKING_PARAMETERS.bm25)).toBe(true);
    expect(Object.isFrozen(RANKING_PARAMETERS.fieldBoosts)).toBe(true);
    expect(Object.isFrozen(RANKING_PARAMETERS.requestFillers)).toBe(true);
    expect(Object.isFrozen(RANKING_PARAMETERS.synonyms[0])).toBe(true);
  });

  it('holds the software vocabulary as its synonym groups', () => {
    expect(RANKING_PARAMETERS.synonyms).toBe(SOFTWARE_SYNONYMS);
  });
});

describe('resolveRankingParameters', () => {
  it('gives the defaults themselves without overrides', () => {
    expect(resolveRankingParameters(undefined)).toBe(RANKING_PARAMETERS);
    expect(resolveRankingParameters({})).toBe(RANKING_PARAMETERS);
  });

  it('merges objects field by field and takes lists whole', () => {
    const resolved = resolveRankingParameters({
      bm25: { k: 1.5 },
      fieldBoosts: { schema: 0.2 },
      requestCleaning: { timeQualifiers: false },
      synonyms: [['mail', 'email']],
      clauseSplitting: false,
    });
    expect(resolved.bm25).toEqual({ k: 1.5, b: 0.35, d: 0.5 });
    expect(resolved.fieldBoosts).toEqual({ ...RANKING_PARAMETERS.fieldBoosts, schema: 0.2 });
    expect(resolved.requestCleaning).toEqual({
      ...RANKING_PARAMETERS.requestCleaning,
      timeQualifiers: false,
    });
    expect(resolved.synonyms).toEqual([['mail', 'email']]);
    expect(resolved.clauseSplitting).toBe(false);
    expect(resolved.phraseWeight).toBe(RANKING_PARAMETERS.phraseWeight);
    expect(Object.isFrozen(resolved.bm25)).toBe(true);
    expect(RANKING_PARAMETERS.bm25.k).toBe(1.2);
  });

  it('refuses names it does not have, the process-wide ones and values of another type', () => {
    const invalid = [
      { bm25s: 1 },
      { requestFillers: [] },
      { indexBounds: { schemaDepth: 2 } },
      { bm25: { q: 1 } },
      { bm25: { k: '1' } },
      { phraseWeight: Number.NaN },
      { clauseSplitting: 'no' },
      { synonyms: ['mail'] },
      { noEvidence: [['a']] },
    ];
    for (const overrides of invalid) {
      expect(() => resolveRankingParameters(overrides as never)).toThrow(InvalidOptionError);
    }
  });
});
