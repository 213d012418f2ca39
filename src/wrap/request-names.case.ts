import type { Tool, ToolSet } from 'ai';
import type { CatalogEntry } from '../catalog/catalog-entry.js';
import { createCatalogSync } from '../catalog/create-catalog.js';
import type { ToolPolicy } from '../catalog/tool-policy.js';
import { createDisclosure } from '../disclosure/create-disclosure.js';
import { createAppNames } from './create-app-names.js';

/**
 * The app's names for a request over `tools`, built as the wrapper builds
 * them (a real catalog and disclosure), and the request's own tool of an
 * entry: what the composers take.
 */
export function requestNames(tools: ToolSet, policy?: ToolPolicy) {
  const catalog = createCatalogSync({ tools });
  const disclosure = createDisclosure({ catalog, policy, environment: {}, onWarning: () => {} });
  const keyAt = new Map(catalog.entries.map((entry) => [entry.position, entry.key]));
  const toolAt = (position: number): Tool | undefined => {
    const key = keyAt.get(position);
    return key === undefined ? undefined : tools[key];
  };
  const names = createAppNames({ disclosure, userTools: tools, toolAt });
  const toolOf = (entry: CatalogEntry) => toolAt(entry.position);
  return { disclosure, names, toolOf };
}
