import type { Tool } from 'ai';
import type { ToolDisclosureCache } from '../cache/tool-disclosure-cache.js';
import type { Catalog } from '../catalog/catalog.js';
import { setCatalogContentKey } from '../catalog/catalog-cache-key.js';
import { createSharedCatalog } from '../catalog/create-catalog.js';
import type { RenamedTool } from '../catalog/resolve-name-conflicts.js';
import { unmatchedGlobWarnings } from '../catalog/unmatched-glob-warnings.js';
import type { Disclosure } from '../disclosure/disclosure.js';
import { jsonByteLength } from '../util/json-byte-length.js';
import { warnToConsole } from '../util/warn-to-console.js';
import { createEventSink } from './create-event-sink.js';
import { readToolSet, type ToolSetReading } from './read-tool-set.js';
import type { ToolDisclosureOptions, ToolDisclosureParams } from './tool-disclosure-options.js';

/** A catalog of one request's tools: content that may be shared, and this request's own tools. */
export interface RequestCatalog {
  /**
   * The catalog, possibly built by an earlier request of equal content. Its
   * entries carry no `tool`: what runs is always this request's own tool,
   * from `toolAt`.
   */
  readonly catalog: Catalog;
  /** Disclosures of `catalog` by options, shared with every request of equal content. */
  readonly disclosures: Map<string, Disclosure>;
  /** This request's tool at a catalog position (`entry.position`). */
  readonly toolAt: (position: number) => Tool | undefined;
}

/** What is cached per content key. */
interface CatalogContent {
  readonly catalog: Catalog;
  readonly disclosures: Map<string, Disclosure>;
}

/** Heap bytes per catalog entry beyond its text: the entry, resolver tables, disclosures. */
const CATALOG_BYTES_PER_TOOL = 2_000;

/**
 * The catalog of `params.tools` (and `options.namespaces`) as they are now,
 * from `cache` when a request of equal content built it: the key is the
 * SHA-256 of what reaches the model (names, descriptions after context is
 * applied, schemas) and of the options that shape the catalog, never the
 * identity of a record or `JSON.stringify` of a context. An asynchronous build
 * is cached as its promise until it settles; a synchronous build does not
 * wait for one and builds its own.
 */
export function getCatalog(
  params: ToolDisclosureParams,
  options: ToolDisclosureOptions,
  cache: ToolDisclosureCache,
  mode: 'sync',
): RequestCatalog;
export function getCatalog(
  params: ToolDisclosureParams,
  options: ToolDisclosureOptions,
  cache: ToolDisclosureCache,
  mode: 'async',
): Promise<RequestCatalog>;
export function getCatalog(
  params: ToolDisclosureParams,
  options: ToolDisclosureOptions,
  cache: ToolDisclosureCache,
  mode: 'sync' | 'async',
): RequestCatalog | Promise<RequestCatalog> {
  const tools = params.tools ?? {};
  const toolsContext = isObject(params.toolsContext) ? params.toolsContext : {};
  const { namespaces, core = [], defaultNamespace = 'default' } = options;
  const emit = createEventSink(params, options);
  const onWarning = options.onWarning ?? warnToConsole;

  const serve = (reading: ToolSetReading) => {
    const { key, toolAt } = reading;
    // Built from the records as they were read, so the catalog matches its key and toolAt.
    const build = () => {
      // A tool's name is a third-party server's choice: one the catalog cannot keep is renamed.
      const catalogOptions = {
        ...reading.snapshot(),
        core,
        defaultNamespace,
        toolsContext,
        nameConflicts: 'rename' as const,
      };
      const started = globalThis.performance?.now() ?? Date.now();
      // Built without tools: what runs is always the request's own tool, from toolAt.
      const built =
        mode === 'sync'
          ? createSharedCatalog(catalogOptions, 'sync')
          : createSharedCatalog(catalogOptions, 'async');
      return settle(built, (catalog) => {
        // Told once per catalog built, not per request that reuses it.
        for (const renamed of catalog.renamed) onWarning(renamedWarning(renamed));
        for (const warning of unmatchedGlobWarnings(core, 'core', 'makes core', catalog.entries)) {
          onWarning(warning);
        }
        if (emit !== undefined) {
          const ms = (globalThis.performance?.now() ?? Date.now()) - started;
          emit({ type: 'cache-rebuild', what: 'catalog', tools: catalog.entries.length, ms });
        }
        return catalog;
      });
    };
    if (key === undefined) return settle(build(), (catalog) => fresh(catalog, toolAt));
    const cacheKey = `catalog:${key}`;
    const cached = cache.get(cacheKey) as CatalogContent | Promise<CatalogContent> | undefined;
    if (cached !== undefined && (mode === 'async' || !(cached instanceof Promise))) {
      return settle(cached, (content) => ({ ...content, toolAt }));
    }
    const built = settle(build(), (catalog) => {
      setCatalogContentKey(catalog, key);
      return contentOf(catalog);
    });
    if (built instanceof Promise) {
      cache.set(cacheKey, built, 0);
      built.then(
        (content) => {
          if (cache.get(cacheKey) === built) cache.set(cacheKey, content, bytesOf(content.catalog));
        },
        () => {
          if (cache.get(cacheKey) === built) cache.delete(cacheKey);
        },
      );
    } else {
      cache.set(cacheKey, built, bytesOf(built.catalog));
    }
    return settle(built, (content) => ({ ...content, toolAt }));
  };

  const readingOptions = { tools, namespaces, toolsContext, core, defaultNamespace };
  if (mode === 'sync') return serve(readToolSet(readingOptions, 'sync')) as RequestCatalog;
  return Promise.resolve(readToolSet(readingOptions, 'async')).then(
    (reading) => serve(reading) as RequestCatalog | Promise<RequestCatalog>,
  );
}

/** What the app is told of a tool its catalog renamed. */
function renamedWarning({ key, id, wireName, reason, conflictsWith }: RenamedTool): string {
  return reason === 'reserved'
    ? `The tool "${key}" is named like the bridge ${conflictsWith}: below the caps it is advertised as it is; above them it is left out, since the bridge takes its name. Rename it to keep it reachable.`
    : `The tool "${key}" shares the name ${conflictsWith} with another tool: the model calls it ${wireName} (canonical id ${id}).`;
}

/** A catalog built for this request only: nothing is shared. */
function fresh(catalog: Catalog, toolAt: RequestCatalog['toolAt']): RequestCatalog {
  return { ...contentOf(catalog), toolAt };
}

/** The shareable content of a catalog built without tools (`createSharedCatalog`). */
function contentOf(catalog: Catalog): CatalogContent {
  return { catalog, disclosures: new Map() };
}

function bytesOf(catalog: Catalog): number {
  let bytes = 0;
  for (const entry of catalog.entries) {
    // Strings are held as UTF-16: about two bytes per character.
    bytes += 2 * (entry.description.length + entry.id.length * 4);
    bytes += 2 * jsonByteLength(entry.parameters);
    bytes += CATALOG_BYTES_PER_TOOL;
  }
  return bytes;
}

function settle<VALUE, RESULT>(
  value: VALUE | Promise<VALUE>,
  then: (settled: VALUE) => RESULT,
): RESULT | Promise<RESULT> {
  return value instanceof Promise ? value.then(then) : then(value);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value != null && typeof value === 'object';
}
