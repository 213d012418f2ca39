import type { Tool, ToolSet } from 'ai';
import type { CatalogEntry } from '../catalog/catalog-entry.js';
import type { Disclosure } from '../disclosure/disclosure.js';
import { createKeyedLookup } from '../util/create-keyed-lookup.js';
import { createNameMapper, type NamesOf } from './create-name-mapper.js';

/**
 * The names the app knows its tools by: what `ai` is handed, and so what
 * results, callbacks, streams and the chat UI show.
 */
export interface AppNames {
  /**
   * The name the app knows `entry` by: its key in the request's `tools`, or,
   * for a tool grouped under the `namespaces` option (which has no key of its
   * own there), its wire name.
   */
  nameOf(entry: CatalogEntry): string;
  /** Whether `entry` is a tool of the request's `tools` record, under its key (not a grouped one). */
  inRecord(entry: CatalogEntry): boolean;
  /** The authorized entry the app knows as `name`, or undefined (a bridge, a denied or unknown name). */
  entryOf(name: unknown): CatalogEntry | undefined;
  /**
   * Every spelling of a tool a setting may be keyed by (record key, canonical
   * id, `__`-encoded id, wire name) mapped to the app names it means.
   */
  readonly namesOf: NamesOf;
}

export interface CreateAppNamesOptions {
  disclosure: Disclosure;
  /** The request's `tools` record. */
  userTools: ToolSet;
  /** The request's own tool at a catalog position. */
  toolAt: (position: number) => Tool | undefined;
}

/** Entries by record key and by wire name, per (immutable, shared) disclosure. */
interface NameTables {
  readonly byKey: () => ReadonlyMap<string, readonly CatalogEntry[]>;
  readonly byWireName: (wireName: string) => CatalogEntry | undefined;
}

const nameTables = new WeakMap<Disclosure, NameTables>();

/**
 * The app's names for one request. Lookup tables depend only on the
 * disclosure's content and are shared; whether an entry is the app's record
 * entry or a grouped tool is read from this request's own tools.
 *
 * @example
 * const names = createAppNames({ disclosure, userTools: params.tools, toolAt });
 * names.nameOf(entry); // 'billing.refund_invoice', the app's key
 * names.entryOf('billing.refund_invoice')?.wireName; // 'billing__refund_invoice'
 */
export function createAppNames({ disclosure, userTools, toolAt }: CreateAppNamesOptions): AppNames {
  const tables = nameTablesOf(disclosure);
  const inRecord = (entry: CatalogEntry) =>
    Object.hasOwn(userTools, entry.key) && userTools[entry.key] === toolAt(entry.position);
  const nameOf = (entry: CatalogEntry) => (inRecord(entry) ? entry.key : entry.wireName);
  let namesOf: NamesOf | undefined;
  return {
    nameOf,
    inRecord,
    entryOf(name) {
      if (typeof name !== 'string') return undefined;
      for (const entry of tables.byKey().get(name) ?? []) {
        if (inRecord(entry)) return entry;
      }
      const grouped = tables.byWireName(name);
      return grouped !== undefined && !inRecord(grouped) ? grouped : undefined;
    },
    get namesOf() {
      namesOf ??= createNameMapper(disclosure.authorized.entries, nameOf);
      return namesOf;
    },
  };
}

function nameTablesOf(disclosure: Disclosure): NameTables {
  let tables = nameTables.get(disclosure);
  if (tables === undefined) {
    const entries = disclosure.authorized.entries;
    let byKey: Map<string, CatalogEntry[]> | undefined;
    tables = {
      // Built on the first lookup: a request whose history names no tool never pays for it.
      byKey: () => {
        if (byKey === undefined) {
          byKey = new Map();
          for (const entry of entries) {
            const found = byKey.get(entry.key);
            if (found === undefined) byKey.set(entry.key, [entry]);
            else found.push(entry);
          }
        }
        return byKey;
      },
      byWireName: createKeyedLookup(entries, (entry) => entry.wireName),
    };
    nameTables.set(disclosure, tables);
  }
  return tables;
}
