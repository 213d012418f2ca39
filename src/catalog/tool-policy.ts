import type { CatalogEntry } from './catalog-entry.js';

/**
 * Which tools a run may see and call. A tool is authorized when it matches
 * `allow` (or `allow` is absent), matches no `deny` glob, and `isAllowed`
 * (when given) returns true. Denied tools leave the catalog entirely.
 */
export interface ToolPolicy {
  /** Globs on canonical ids; when present, only matching tools are authorized. */
  allow?: readonly string[];
  /** Globs on canonical ids that are never authorized; deny wins over allow. */
  deny?: readonly string[];
  /** A final check per tool, for rules globs cannot express. */
  isAllowed?: (entry: CatalogEntry) => boolean;
}
