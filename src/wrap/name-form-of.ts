import type { CatalogEntry } from '../catalog/catalog-entry.js';
import type { ToolNameForm } from './tool-disclosure-event.js';

/** Which spelling of `entry`'s name the model used (the resolver's order of forms). */
export function nameFormOf(entry: CatalogEntry, name: string): ToolNameForm {
  const requested = name.trim();
  if (requested === entry.wireName) return 'wire';
  if (requested === entry.id) return 'canonical';
  if (requested === entry.encodedId) return 'encoded';
  if (requested === entry.key) return 'key';
  if (requested === entry.localName || requested === entry.localName.replaceAll('.', '__')) {
    return 'bare';
  }
  return 'case-insensitive';
}
