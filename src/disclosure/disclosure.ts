import type { AuthorizedCatalog } from '../catalog/authorized-catalog.js';
import type { CatalogEntry } from '../catalog/catalog-entry.js';
import type { ToolWireDefinition } from './bridge-tool-definitions.js';
import type { DisclosureMode } from './disclosure-mode.js';
import type { HeaderBudget } from './header-budget.js';

/** One advertised tool: a real catalog entry, or a bridge tool when `entry` is undefined. */
export interface AdvertisedTool extends ToolWireDefinition {
  readonly entry: CatalogEntry | undefined;
}

/** Exactly what the model is shown for one catalog, policy, mode and profile. */
export interface Disclosure {
  readonly mode: DisclosureMode;
  /** False when every authorized tool is advertised as is (below the caps, or mode `off`). */
  readonly deferred: boolean;
  readonly authorized: AuthorizedCatalog;
  readonly profile: string | undefined;
  /** The advertised tools in the order they are sent; byte-identical for identical inputs. */
  readonly advertised: readonly AdvertisedTool[];
  /** Pinned tools in effect: authorized, not core, `bridged` mode only. */
  readonly pinned: readonly CatalogEntry[];
  /** Authorized tools reachable only through the bridges. */
  readonly discoverable: readonly CatalogEntry[];
  /** The description of `tool_search`, or null when no bridges are advertised. */
  readonly toolSearchDescription: string | null;
  /** The room the `tool_search` description was given. */
  readonly headerBudget: HeaderBudget;
  /** Tool definitions cost more tokens than this (or more tools than `maxTools`): defer. */
  readonly threshold: number;
  readonly tokens: {
    /** Cost of advertising every authorized tool. */
    readonly full: number;
    /** Cost of what is actually advertised, bridges included. */
    readonly advertised: number;
  };
  /** A stable key for caches of everything derived from this disclosure. */
  readonly fingerprint: string;
}
