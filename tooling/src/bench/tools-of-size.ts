import type { ToolDefinition } from 'tool-disclosure/catalog';
import { padWithDistractors } from '../eval/generate-distractors.js';

/** The first `size` of `tools`, or all of them padded with distractors to `size`. */
export function toolsOfSize(tools: readonly ToolDefinition[], size: number): ToolDefinition[] {
  return size <= tools.length ? tools.slice(0, size) : padWithDistractors(tools, size);
}
