import { describe, expect, it } from 'vitest';
import { queryTerms } from './query-terms.js';

describe('queryTerms', () => {
  it('adds the compound of two words written apart when the catalog knows it', () => {
    const known = new Set(['lookup', 'webpag']);
    const isKnown = (term: string) => known.has(term);
    expect(queryTerms('look up a web page', isKnown).terms).toEqual(
      expect.arrayContaining(['lookup', 'webpag']),
    );
    expect(queryTerms('look-up', isKnown).terms).toContain('lookup');
  });

  it('never joins the parts of a contraction into a compound', () => {
    // "IMDb" splits into "im" and "db": "I'm planning a trip" must not match it.
    const isKnown = (term: string) => term === 'im' || term === 'itsm';
    expect(queryTerms("I'm planning a trip", isKnown).terms).not.toContain('im');
    expect(queryTerms('I’m planning a trip', isKnown).terms).not.toContain('im');
    expect(queryTerms("it's broken, file an itsm ticket", isKnown).terms).toEqual(
      expect.arrayContaining(['itsm']),
    );
    expect(queryTerms("it's sm", isKnown).terms).not.toContain('itsm');
    expect(queryTerms('I m', isKnown).terms).toContain('im');
  });

  it("gives the words' terms in the request's order, repeats and an identifier's parts included", () => {
    const isKnown = (term: string) => term === 'listev';
    const { terms, sequence } = queryTerms(
      'listEvents of the postal code, postal code lookup',
      isKnown,
    );
    expect(sequence).toEqual([
      'listev',
      'list',
      'event',
      'postal',
      'code',
      'postal',
      'code',
      'lookup',
    ]);
    expect(terms).toEqual(['listev', 'postal', 'code', 'lookup']);
  });
});
