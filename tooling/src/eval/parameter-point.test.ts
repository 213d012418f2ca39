import { describe, expect, it } from 'vitest';
import { pointKey, valueAt, withValue } from './parameter-point.js';
import { on, x } from './synthetic-scores.case.js';

describe('points', () => {
  it('list only the coordinates moved from the start, keyed whatever their order', () => {
    const point = withValue(withValue({}, x, 2), on, false);
    expect(point).toEqual({ x: 2, on: false });
    expect(withValue(point, x, 0)).toEqual({ on: false });
    expect(valueAt({}, x)).toBe(0);
    expect(pointKey({ x: 2, on: false })).toBe(pointKey({ on: false, x: 2 }));
    expect(pointKey({})).toBe('[]');
  });
});
