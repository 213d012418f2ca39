import type { ToolResolver } from '../bridge/resolve-tool-name.js';
import type { CatalogEntry } from '../catalog/catalog-entry.js';

/** The entry `name` resolves to, or undefined where `resolve` would throw. */
export function tryResolveTool(resolver: ToolResolver, name: unknown): CatalogEntry | undefined {
  try {
    return resolver.resolve(name);
  } catch {
    return undefined;
  }
}
