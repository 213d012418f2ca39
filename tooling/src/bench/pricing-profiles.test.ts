import { describe, expect, it } from 'vitest';
import { PRICING_PROFILES, parsePricingProfiles } from './pricing-profiles.js';

describe('parsePricingProfiles', () => {
  it('reads named profiles of cache read and write multipliers', () => {
    expect(parsePricingProfiles({ mine: { cache_read: 0.5, cache_write: 1, note: 'x' } })).toEqual({
      profiles: { mine: { cache_read: 0.5, cache_write: 1 } },
    });
    expect(parsePricingProfiles(PRICING_PROFILES)).toEqual({ profiles: PRICING_PROFILES });
  });

  it('names the problem of anything else', () => {
    expect(parsePricingProfiles([])).toEqual({ problem: 'it is not a JSON object' });
    expect(parsePricingProfiles({})).toEqual({ problem: 'it names no profile' });
    expect(parsePricingProfiles({ bad: { cache_read: -1, cache_write: 1 } })).toEqual({
      problem: 'profile "bad" needs numbers "cache_read" and "cache_write" of at least 0',
    });
  });
});
