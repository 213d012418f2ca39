import type { CatalogEntry } from '../catalog/catalog-entry.js';
import { definitionJson } from '../disclosure/definition-json.js';
import type { Disclosure } from '../disclosure/disclosure.js';
import type { TokenCounter } from '../disclosure/estimate-tokens.js';

/** What promotion looks up, per (immutable, shared) disclosure: built once, not per request. */
interface PromotionTables {
  readonly advertised: ReadonlySet<string>;
  readonly entries: ReadonlyMap<string, CatalogEntry>;
  readonly realAdvertised: number;
}

const promotionTables = new WeakMap<Disclosure, PromotionTables>();

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
  const { advertised, entries, realAdvertised } = promotionTablesOf(disclosure);
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

function promotionTablesOf(disclosure: Disclosure): PromotionTables {
  let tables = promotionTables.get(disclosure);
  if (tables === undefined) {
    tables = {
      advertised: new Set(disclosure.advertised.map((tool) => tool.name)),
      entries: new Map(disclosure.authorized.entries.map((entry) => [entry.wireName, entry])),
      realAdvertised: disclosure.advertised.filter((tool) => tool.entry !== undefined).length,
    };
    promotionTables.set(disclosure, tables);
  }
  return tables;
}
