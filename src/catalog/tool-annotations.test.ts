import { describe, expect, it } from 'vitest';
import { readToolAnnotations, toolEffectOf } from './tool-annotations.js';

describe('tool annotations', () => {
  it('read the boolean MCP hints only, own and enumerable, from an annotations object', () => {
    expect(
      readToolAnnotations({ readOnlyHint: true, title: 'Read', destructiveHint: 'yes' }),
    ).toEqual({
      readOnlyHint: true,
    });
    // Annotations that state no hint are MCP's defaults: destructive, never unknown.
    expect(readToolAnnotations({ title: 'Only a title' })).toEqual({});
    expect(toolEffectOf(readToolAnnotations({ title: 'Only a title' }))).toBe('destructive');
    const inherited = Object.create({ readOnlyHint: true }) as object;
    expect(readToolAnnotations(inherited)).toEqual({});
    const hidden = Object.defineProperty({}, 'readOnlyHint', { value: true, enumerable: false });
    expect(readToolAnnotations(hidden)).toEqual({});
    expect(readToolAnnotations([true])).toBeUndefined();
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
