import { contentDigest } from '../util/content-digest.js';
import type { NamespaceInfo } from './catalog.js';
import type { CatalogEntry } from './catalog-entry.js';

/**
 * A digest of everything a catalog's entries and namespaces are made of, so
 * equal catalogs share it. An entry's schemas enter as `tool:` and its tool's
 * content digest, when `toolDigestOf` gives one read with those very schemas
 * (it covers them, so a cold request does not serialize every schema twice),
 * else as `schemas:` and the SHA-256 of their JSON; its description enters
 * as it is unless that digest covers it too (`isDescribedByDigest`: the
 * entry's is the text the digest holds, trimmed, so not a function of
 * context), so a cold request does not hash every description twice either;
 * every other field of the entry enters as it is.
 * So, like the catalog cache's key, it sees a tool's schemas and description
 * as `readToolContent` read them, once per tool object.
 */
export function fingerprintOf(
  entries: readonly CatalogEntry[],
  namespaces: readonly NamespaceInfo[],
  toolDigestOf: (entry: CatalogEntry) => string | undefined,
  isDescribedByDigest: (entry: CatalogEntry) => boolean,
) {
  return contentDigest(
    JSON.stringify([
      entries.map((entry) => {
        const toolDigest = toolDigestOf(entry);
        const covered = toolDigest !== undefined && isDescribedByDigest(entry);
        return [
          entry.id,
          entry.wireName,
          entry.key,
          entry.kind,
          entry.core,
          entry.position,
          covered ? null : entry.description,
          schemasKey(entry, toolDigest),
          entry.aliases,
          entry.tags,
          entry.annotations ?? null,
        ];
      }),
      namespaces,
    ]),
  );
}

function schemasKey(entry: CatalogEntry, toolDigest: string | undefined): string {
  if (toolDigest !== undefined) return `tool:${toolDigest}`;
  return `schemas:${contentDigest(JSON.stringify([entry.parameters, entry.outputSchema ?? null]))}`;
}
