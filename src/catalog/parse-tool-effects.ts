import { InvalidOptionError } from '../error/invalid-option-error.js';
import { TOOL_EFFECTS, type ToolEffect } from './tool-annotations.js';

/**
 * The effects an option lists, as a set; anything that is not an array of
 * known effects is an `InvalidOptionError` naming `option` and the valid effects.
 */
export function parseToolEffects(option: string, effects: unknown): ReadonlySet<ToolEffect> {
  if (!Array.isArray(effects)) {
    throw new InvalidOptionError({
      option,
      value: typeof effects,
      expected: `an array of ${TOOL_EFFECTS.join(', ')}`,
    });
  }
  for (const effect of effects) {
    if (!TOOL_EFFECTS.includes(effect)) {
      throw new InvalidOptionError({
        option,
        value: effect,
        expected: `one of ${TOOL_EFFECTS.join(', ')}`,
      });
    }
  }
  return new Set(effects as ToolEffect[]);
}
