import { describe, expect, it } from 'vitest';
import { claimUnique, splitHumanName, toWireName } from './to-wire-name.js';

describe('toWireName', () => {
  it('replaces, collapses and trims what a wire name cannot hold, within 64 characters', () => {
    expect(toWireName('  Weather / Forecast (v2)! ')).toBe('Weather_Forecast_v2');
    expect(toWireName('__a..b__')).toBe('a_b');
    expect(toWireName(`${'x'.repeat(63)} y`)).toBe('x'.repeat(63));
    expect(toWireName('///')).toBe('');
  });
});

describe('claimUnique', () => {
  it('claims the name, then appends the id, then a counter', () => {
    const taken = new Set<string>();
    expect(claimUnique('search', '7', taken)).toBe('search');
    expect(claimUnique('search', '7', taken)).toBe('search_7');
    expect(claimUnique('search', '7', taken)).toBe('search_7_2');
    expect(claimUnique('', 'id 9', taken, 'ns.')).toBe('ns.id_9');
    expect(taken).toEqual(new Set(['search', 'search_7', 'search_7_2', 'ns.id_9']));
  });

  it('shortens the name so that the suffix fits in 64 characters', () => {
    const taken = new Set(['a'.repeat(64)]);
    const claimed = claimUnique('a'.repeat(64), '123', taken);
    expect(claimed).toBe(`${'a'.repeat(60)}_123`);
    expect(claimed).toHaveLength(64);
  });
});

describe('splitHumanName', () => {
  it('splits at the first " / " or "/" with text on both sides', () => {
    expect(splitHumanName('Worldwide Recipes / Suggestions')).toEqual({
      namespace: 'Worldwide Recipes',
      local: 'Suggestions',
    });
    expect(splitHumanName('a/b/c')).toEqual({ namespace: 'a', local: 'b/c' });
    expect(splitHumanName('/leading')).toEqual({ namespace: '', local: '/leading' });
    expect(splitHumanName('plain')).toEqual({ namespace: '', local: 'plain' });
  });
});
