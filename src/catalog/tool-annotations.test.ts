import { describe, expect, it } from 'vitest';
import { readToolAnnotations, toolEffectOf } from './tool-annotations.js';

describe('tool annotations', () => {
  it('read the boolean MCP hints only, and nothing from a value that states none', () => {
    expect(
      readToolAnnotations({ readOnlyHint: true, title: 'Read', destructiveHint: 'yes' }),
    ).toEqual({
      readOnlyHint: true,
    });
    expect(readToolAnnotations({ title: 'Only a title' })).toBeUndefined();
    expect(readToolAnnotations(null)).toBeUndefined();
    expect(readToolAnnotations('readOnly')).toBeUndefined();
  });

  it("give an effect with the MCP specification's defaults for missing hints", () => {
    expect(toolEffectOf({ readOnlyHint: true })).toBe('read-only');
    expect(toolEffectOf({ readOnlyHint: true, destructiveHint: true })).toBe('read-only');
    expect(toolEffectOf({ readOnlyHint: false })).toBe('destructive');
    expect(toolEffectOf({ openWorldHint: false })).toBe('destructive');
    expect(toolEffectOf({ destructiveHint: false })).toBe('additive');
    expect(toolEffectOf(undefined)).toBe('unknown');
  });
});
