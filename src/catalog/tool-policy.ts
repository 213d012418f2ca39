import type { CatalogEntry } from './catalog-entry.js';
import type { ToolEffect } from './tool-annotations.js';

/**
 * Which tools a run may see and call. A tool is authorized when it matches
 * `allow` (or `allow` is absent), matches no `deny` glob, and `isAllowed`
 * (when given) returns true. Denied tools leave the catalog entirely.
 *
 * Globs match a tool when they match any of its spellings: the canonical id
 * (`google-calendar.create_event`), the key in the `tools` record, the wire
 * name (`google-calendar__create_event`) or the `__`-encoded id; a pattern
 * always matches the name it spells exactly.
 */
export interface ToolPolicy {
  /** Names or globs of tools, in any spelling; when present, only matching tools are authorized. */
  allow?: readonly string[];
  /** Names or globs of tools, in any spelling, that are never authorized; deny wins over allow. */
  deny?: readonly string[];
  /**
   * The effects a tool may have, by its MCP annotations (`toolEffectOf`):
   * when present, only tools whose effect is listed are authorized. For a
   * request that handles untrusted content, `['read-only']` narrows the run to
   * tools that say they change nothing.
   */
  effects?: readonly ToolEffect[];
  /** A final check per tool, for rules globs cannot express. */
  isAllowed?: (entry: CatalogEntry) => boolean;
}
