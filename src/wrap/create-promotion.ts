import { definitionJson } from '../disclosure/definition-json.js';
import type { Disclosure } from '../disclosure/disclosure.js';
import type { TokenCounter } from '../disclosure/estimate-tokens.js';

/**
 * Picks, in order, the used tools that fit the caps next to what is already
 * advertised: the real tools stay within `maxTools` and their definitions
 * within the token threshold.
 */
export function createPromotion(
  disclosure: Disclosure,
  countTokens: TokenCounter,
  maxTools: number,
): (used: readonly string[]) => string[] {
  const advertised = new Set(disclosure.advertised.map((tool) => tool.name));
  const entries = new Map(disclosure.authorized.entries.map((entry) => [entry.wireName, entry]));
  const realAdvertised = disclosure.advertised.filter((tool) => tool.entry !== undefined).length;
  return (used) => {
    const promoted: string[] = [];
    let tokens = disclosure.tokens.advertised;
    for (const name of used) {
      const entry = entries.get(name);
      if (entry === undefined || advertised.has(name)) continue;
      if (realAdvertised + promoted.length + 1 > maxTools) break;
      const cost = countTokens(
        definitionJson({ name, description: entry.description, parameters: entry.parameters }),
      );
      if (tokens + cost > disclosure.threshold) continue;
      tokens += cost;
      promoted.push(name);
    }
    return promoted;
  };
}
