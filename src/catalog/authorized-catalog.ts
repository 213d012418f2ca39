import type { Catalog, NamespaceInfo } from './catalog.js';
import type { CatalogEntry } from './catalog-entry.js';

/** The part of a catalog one policy authorizes; denied tools are absent from every field. */
export interface AuthorizedCatalog {
  readonly catalog: Catalog;
  /** Authorized entries, sorted by canonical id in byte order. */
  readonly entries: readonly CatalogEntry[];
  /** Namespaces with at least one authorized tool. */
  readonly namespaces: readonly NamespaceInfo[];
  /** The catalog's fingerprint combined with the authorized ids. */
  readonly fingerprint: string;
}
