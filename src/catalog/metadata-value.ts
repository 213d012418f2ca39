import type { Tool } from 'ai';
import { ownValue } from '../util/own-value.js';

/** A field of a tool's `metadata`, read as an own property (plain `ai` never reads metadata). */
export function metadataValue(tool: Tool | undefined, field: string): unknown {
  const metadata = tool?.metadata;
  return metadata != null && typeof metadata === 'object' ? ownValue(metadata, field) : undefined;
}

/** A field of a tool's `metadata` when it is a string. */
export function metadataString(tool: Tool | undefined, field: string): string | undefined {
  const value = metadataValue(tool, field);
  return typeof value === 'string' ? value : undefined;
}
