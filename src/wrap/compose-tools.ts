import type { Tool } from 'ai';
import type { CatalogEntry } from '../catalog/catalog-entry.js';
import { BRIDGE_TOOL_NAMES } from '../catalog/create-catalog.js';
import type { Disclosure } from '../disclosure/disclosure.js';
import { boundToolInput } from './bound-tool-input.js';
import type { BridgeTools } from './create-bridge-tools.js';
import type { NamesOf } from './create-name-mapper.js';
import { renameList, setOwn } from './rekey-settings.js';

/** The `tools`, `activeTools` and `toolOrder` settings, for a deferred surface. */
export interface ToolsComposition {
  /**
   * The advertised real tools (their input bounded, `boundToolInput`) and the
   * bridges, by wire name; with `promote`,
   * every authorized tool, so later steps can activate the ones used. Without
   * `promote` the SDK needs no more: a direct call of a deferred tool is
   * repaired into `tool_call`, and the SDK's per-step work grows with `tools`.
   */
  readonly tools: Readonly<Record<string, Tool>>;
  /** The advertised names a step shows: all of them, or those within its reach, bridges always. */
  activeTools(stepReach: readonly string[] | undefined): string[];
  /** The user's order first (for names that are advertised), then the advertised order. */
  toolOrder(userOrder: unknown): string[];
}

const bridgeNames: readonly string[] = BRIDGE_TOOL_NAMES;
/** Authorized entries in catalog order, per (immutable, shared) disclosure: sorted once, not per request. */
const entriesInOrder = new WeakMap<Disclosure, readonly CatalogEntry[]>();

/** Composes the tool list: byte-identical on every step while the reach stays the same. */
export function composeTools({
  disclosure,
  bridges,
  toolOf,
  promote,
  namesOf,
}: {
  disclosure: Disclosure;
  bridges: BridgeTools;
  toolOf: (entry: CatalogEntry) => Tool | undefined;
  promote: boolean;
  namesOf: NamesOf;
}): ToolsComposition {
  const advertisedNames = disclosure.advertised.map((advertised) => advertised.name);
  const tools: Record<string, Tool> = {};
  const real = promote
    ? authorizedInOrder(disclosure)
    : disclosure.advertised.flatMap((advertised) => (advertised.entry ? [advertised.entry] : []));
  for (const entry of real) {
    const tool = toolOf(entry);
    if (tool !== undefined) setOwn(tools, entry.wireName, boundToolInput(tool, entry.parameters));
  }
  for (const [name, bridge] of Object.entries(bridges)) setOwn(tools, name, bridge);

  return {
    tools: Object.freeze(tools),
    activeTools: (stepReach) =>
      stepReach === undefined
        ? advertisedNames
        : advertisedNames.filter((name) => bridgeNames.includes(name) || stepReach.includes(name)),
    toolOrder: (userOrder) => {
      const first = Array.isArray(userOrder)
        ? renameList(userOrder, namesOf).filter((name) => advertisedNames.includes(name))
        : [];
      return [...new Set([...first, ...advertisedNames])];
    },
  };
}

function authorizedInOrder(disclosure: Disclosure): readonly CatalogEntry[] {
  let entries = entriesInOrder.get(disclosure);
  if (entries === undefined) {
    entries = [...disclosure.authorized.entries].sort(
      (left, right) => left.position - right.position,
    );
    entriesInOrder.set(disclosure, entries);
  }
  return entries;
}
