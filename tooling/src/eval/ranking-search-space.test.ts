import { RANKING_PARAMETERS, resolveRankingParameters } from 'tool-disclosure/search';
import { describe, expect, it } from 'vitest';
import {
  RANKING_ABLATIONS,
  RANKING_COORDINATES,
  RANKING_SEARCH_SPACE,
  rankingAtPoint,
} from './ranking-search-space.js';

describe('RANKING_SEARCH_SPACE', () => {
  it("starts every coordinate at today's value, which its values include", () => {
    for (const coordinate of RANKING_SEARCH_SPACE) {
      expect(coordinate.values).toContain(coordinate.start);
      expect(new Set(coordinate.values).size).toBe(coordinate.values.length);
    }
    expect(RANKING_SEARCH_SPACE.find(({ name }) => name === 'bm25.k')?.start).toBe(1.2);
    expect(RANKING_SEARCH_SPACE.find(({ name }) => name === 'synonyms')?.start).toBe(true);
  });

  it('runs every value of every coordinate as a ranker can take it', () => {
    for (const coordinate of RANKING_SEARCH_SPACE) {
      for (const value of coordinate.values) {
        const { options } = rankingAtPoint({ [coordinate.name]: value });
        expect(() => resolveRankingParameters(options.parameters)).not.toThrow();
      }
    }
  });

  it('switches each ablated signal off with coordinates the search knows', () => {
    const names = new Set(RANKING_COORDINATES.map(({ name }) => name));
    for (const { point } of RANKING_ABLATIONS) {
      for (const name of Object.keys(point)) expect(names).toContain(name);
    }
  });
});

describe('rankingAtPoint', () => {
  it("gives today's ranker at the start", () => {
    expect(rankingAtPoint({})).toEqual({
      options: {},
      requestFillers: RANKING_PARAMETERS.requestFillers,
    });
  });

  it('turns a point into overrides, the lists and word vectors switched', () => {
    expect(
      rankingAtPoint({
        'bm25.k': 1.6,
        'bm25.b': 0.5,
        phraseWeight: 0,
        'requestCleaning.quotedValues': false,
        synonyms: false,
        noEvidence: false,
        requestFillers: false,
        wordVectors: false,
      }),
    ).toEqual({
      options: {
        parameters: {
          bm25: { k: 1.6, b: 0.5 },
          phraseWeight: 0,
          requestCleaning: { quotedValues: false },
          synonyms: [],
          noEvidence: [],
        },
        wordVectors: false,
      },
      requestFillers: [],
    });
  });
});
