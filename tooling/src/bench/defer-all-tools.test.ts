import { describe, expect, it } from 'vitest';
import { createBenchTools } from './create-bench-tools.js';
import { deferAllTools } from './defer-all-tools.js';

describe('deferAllTools', () => {
  it("defers every tool and adds ai's tool_search, keeping names such as __proto__ as keys", () => {
    const tools = createBenchTools([
      { name: 'clock__now', description: 'Current time' },
      { name: '__proto__', description: 'A hostile name' },
    ]);
    const deferred = deferAllTools(tools);
    expect(Object.keys(deferred)).toEqual(['tool_search', 'clock__now', '__proto__']);
    expect(Object.hasOwn(deferred, '__proto__')).toBe(true);
    for (const name of ['clock__now', '__proto__']) {
      expect((deferred[name] as { deferLoading?: boolean }).deferLoading).toBe(true);
    }
    expect((tools.clock__now as { deferLoading?: boolean }).deferLoading).toBeUndefined();
  });
});
