import { describe, expect, it } from 'vitest';
import { withToolTimeout } from './with-tool-timeout.js';

describe('withToolTimeout', () => {
  it("adds the tool time to the app's timeout, in each form ai takes", () => {
    expect(withToolTimeout(undefined, 500)).toEqual({ toolMs: 500 });
    expect(withToolTimeout(60_000, 500)).toEqual({ totalMs: 60_000, toolMs: 500 });
    expect(withToolTimeout({ totalMs: 60_000, stepMs: 10_000 }, 500)).toEqual({
      totalMs: 60_000,
      stepMs: 10_000,
      toolMs: 500,
    });
  });

  it("keeps the app's own tool time, the very object it passed", () => {
    const timeout = { totalMs: 60_000, toolMs: 2_000 };
    expect(withToolTimeout(timeout, 500)).toBe(timeout);
  });
});
