import type { CatalogEntry } from './catalog-entry.js';
import { createGlobMatcher } from './create-glob-matcher.js';

/** How many namespaces a warning names as examples of what the catalog holds. */
const NAMESPACES_NAMED = 8;

/**
 * One warning for each glob of `option` that names no entry by any of its
 * spellings (canonical id, record key, wire name, encoded id), as a policy or
 * the core tier reads them: such a pattern changes nothing, usually because it
 * is misspelt or names tools the app does not pass. Each warning names some
 * of the catalog's namespaces, so the right spelling is at hand.
 *
 * @example
 * unmatchedGlobWarnings(['billing.delete_*'], 'policy.deny', 'denies', catalog.entries);
 * // ['policy.deny pattern "billing.delete_*" matches no tool, so it denies nothing; …']
 */
export function unmatchedGlobWarnings(
  globs: readonly string[],
  option: string,
  effect: string,
  entries: readonly CatalogEntry[],
): string[] {
  const warnings: string[] = [];
  for (const glob of globs) {
    const matches = createGlobMatcher([glob], option);
    const named = entries.some((entry) =>
      [entry.id, entry.key, entry.wireName, entry.encodedId].some(matches),
    );
    if (named) continue;
    const namespaces = [...new Set(entries.map((entry) => entry.namespace))];
    const shown = namespaces.slice(0, NAMESPACES_NAMED).map((name) => `${name}.*`);
    const more = namespaces.length > shown.length ? `, … (${namespaces.length} in all)` : '';
    warnings.push(
      `${option} pattern ${JSON.stringify(glob)} matches no tool, so it ${effect} nothing; ` +
        `match a tool's canonical id, record key or wire name (the catalog's namespaces: ${
          shown.length > 0 ? shown.join(', ') : 'none, it has no tools'
        }${more}).`,
    );
  }
  return warnings;
}
