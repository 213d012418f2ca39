import type { CatalogEntry } from '../catalog/catalog-entry.js';
import { type ToolEffect, toolEffectOf } from '../catalog/tool-annotations.js';

/**
 * The `effect` a search result or description shows the model: what the tool
 * says of its effects, so a model can prefer a read-only tool and knows when
 * a call may destroy; nothing for a tool that says nothing.
 */
export function effectField(entry: CatalogEntry): { effect?: Exclude<ToolEffect, 'unknown'> } {
  const effect = toolEffectOf(entry.annotations);
  return effect === 'unknown' ? {} : { effect };
}
