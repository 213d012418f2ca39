import { contentDigest } from '../util/content-digest.js';
import type { AuthorizedCatalog } from './authorized-catalog.js';
import type { Catalog } from './catalog.js';
import { createGlobMatcher } from './create-glob-matcher.js';
import { parseToolEffects } from './parse-tool-effects.js';
import { toolEffectOf } from './tool-annotations.js';
import type { ToolPolicy } from './tool-policy.js';

/**
 * Applies a policy to a catalog. Denied tools are removed, not hidden: nothing
 * built from the result (counts, headers, indexes, resolution) can see them.
 * A glob names a tool when it matches any of its spellings (canonical id,
 * record key, wire name, encoded id), so a policy means the same whichever
 * one the user wrote.
 *
 * @example
 * const authorized = authorizeCatalog(catalog, { allow: ['github.*'], deny: ['github.delete_*'] });
 */
export function authorizeCatalog(catalog: Catalog, policy: ToolPolicy = {}): AuthorizedCatalog {
  const isAllowedByGlob = policy.allow ? createGlobMatcher(policy.allow, 'allow') : () => true;
  const isDenied = createGlobMatcher(policy.deny ?? [], 'deny');
  const effects =
    policy.effects === undefined ? undefined : parseToolEffects('policy.effects', policy.effects);
  // A policy of no rules authorizes everything: no spellings to gather for each of thousands of entries.
  const unrestricted =
    policy.allow === undefined &&
    (policy.deny ?? []).length === 0 &&
    effects === undefined &&
    policy.isAllowed === undefined;
  const entries = unrestricted
    ? [...catalog.entries]
    : catalog.entries.filter((entry) => {
        const spellings = [entry.id, entry.key, entry.wireName, entry.encodedId];
        return (
          spellings.some(isAllowedByGlob) &&
          !spellings.some(isDenied) &&
          (effects === undefined || effects.has(toolEffectOf(entry.annotations))) &&
          (policy.isAllowed?.(entry) ?? true)
        );
      });
  const namespaceNames = new Set(entries.map((entry) => entry.namespace));
  // Computed when first read, as the catalog's is (`catalogCacheKey` keys caches without it).
  let fingerprint: string | undefined;
  return Object.freeze({
    catalog,
    entries: Object.freeze(entries),
    namespaces: Object.freeze(catalog.namespaces.filter((info) => namespaceNames.has(info.name))),
    get fingerprint() {
      fingerprint ??=
        entries.length === catalog.entries.length
          ? catalog.fingerprint
          : contentDigest(`${catalog.fingerprint}\n${entries.map((entry) => entry.id).join('\n')}`);
      return fingerprint;
    },
  });
}
