import { isRecord } from 'tool-disclosure/util';

/**
 * How a provider bills input tokens against its base input price: the prefix
 * served from its prompt cache (`cache_read`) and the rest of the request,
 * which is written to the cache as it is read (`cache_write`; 1 where writing
 * costs nothing extra).
 */
export interface PricingProfile {
  cache_read: number;
  cache_write: number;
}

/**
 * The default pricing profiles of the cost model, as multipliers of the base
 * input price. Recorded 2026-11-30 from the providers' public pages:
 *
 * - `anthropic`: https://docs.anthropic.com/en/docs/build-with-claude/prompt-caching
 *   (and https://www.anthropic.com/pricing): a 5-minute cache write costs 1.25x base
 *   input, a cache read 0.1x; the application marks the end of each request with
 *   `cache_control`, so everything not read from the cache is written to it.
 * - `openai`: https://openai.com/api/pricing/ : cached input of the GPT-5.x models is
 *   a tenth of the input price (GPT-5.4 $2.50 / $0.25 per 1M tokens); caching is
 *   automatic with no write charge. (GPT-4o's cached input was half the input price:
 *   pass `--pricing` with `{"openai-4o": {"cache_read": 0.5, "cache_write": 1}}` for it.)
 * - `google`: https://ai.google.dev/gemini-api/docs/pricing : implicit caching of the
 *   Gemini 2.5 and later models bills cached tokens at a tenth of the input price
 *   (Gemini 2.5 Pro $1.25 / $0.125 per 1M tokens) with no write charge; explicit
 *   caches' hourly storage fee is not modelled.
 *
 * Minimum cacheable prefixes (1,024 tokens and more, by model) are not modelled.
 */
export const PRICING_PROFILES: Readonly<Record<string, PricingProfile>> = Object.freeze({
  anthropic: Object.freeze({ cache_read: 0.1, cache_write: 1.25 }),
  openai: Object.freeze({ cache_read: 0.1, cache_write: 1 }),
  google: Object.freeze({ cache_read: 0.1, cache_write: 1 }),
});

/** The profile drawn when a report has several. */
export const DEFAULT_PRICING_PROFILE = 'anthropic';

/**
 * Reads `{ name: { cache_read, cache_write } }`, each a finite number of at
 * least 0; returns a problem description instead when the value is not one.
 */
export function parsePricingProfiles(
  value: unknown,
): { profiles: Record<string, PricingProfile> } | { problem: string } {
  if (!isRecord(value)) return { problem: 'it is not a JSON object' };
  const entries = Object.entries(value);
  if (entries.length === 0) return { problem: 'it names no profile' };
  const profiles: Record<string, PricingProfile> = {};
  for (const [name, profile] of entries) {
    if (
      !isRecord(profile) ||
      !isMultiplier(profile.cache_read) ||
      !isMultiplier(profile.cache_write)
    ) {
      return {
        problem: `profile ${JSON.stringify(name)} needs numbers "cache_read" and "cache_write" of at least 0`,
      };
    }
    profiles[name] = { cache_read: profile.cache_read, cache_write: profile.cache_write };
  }
  return { profiles };
}

function isMultiplier(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}
