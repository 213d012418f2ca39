import type { CatalogEntry } from './catalog-entry.js';
import type { RenamedTool } from './resolve-name-conflicts.js';

/** A namespace and its optional description. */
export interface NamespaceInfo {
  readonly name: string;
  readonly description: string | undefined;
}

/** Every tool the application passed, named, grouped and tiered. Immutable. */
export interface Catalog {
  /** Entries sorted by canonical id in byte order. */
  readonly entries: readonly CatalogEntry[];
  /** Namespaces that hold at least one tool, sorted in byte order. */
  readonly namespaces: readonly NamespaceInfo[];
  /**
   * Tools named otherwise than their own names would have them, because a
   * name was reserved or shared (`nameConflicts: 'rename'`); empty otherwise.
   */
  readonly renamed: readonly RenamedTool[];
  /**
   * SHA-256 (hex) of everything the model could be shown, computed when first
   * read: it keys shared search indexes (unless the wrapper's content key
   * does) and names the catalog in index snapshots, so catalogs that differ
   * cannot be made to share one.
   */
  readonly fingerprint: string;
}
