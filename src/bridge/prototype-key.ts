/**
 * The key, at any depth of `value`, that plain `ai` refuses in a tool's input
 * (its JSON parser, `secureJsonParse`, throws on it): an own `__proto__`, or
 * an own `constructor` holding an object with its own `prototype`. Parsed from
 * JSON text such keys become own properties, which a tool that merges its
 * input into another object (`Object.assign`, a deep merge) follows to a
 * prototype: `{"__proto__":{"isAdmin":true}}` merged into `{}` gives every
 * object of the process `isAdmin`. Arguments the model sends as text are
 * parsed by the wrapper, not by `ai`, so it refuses what `ai` refuses.
 * Visits each object once, without recursion.
 *
 * @example
 * prototypeKey(JSON.parse('{"a":{"__proto__":{"x":1}}}')); // '__proto__'
 * prototypeKey({ constructor: 'Ada' }); // undefined
 */
export function prototypeKey(value: unknown): '__proto__' | 'constructor' | undefined {
  const pending: unknown[] = [value];
  const seen = new Set<object>();
  while (pending.length > 0) {
    const next = pending.pop();
    if (next === null || typeof next !== 'object' || seen.has(next)) continue;
    seen.add(next);
    if (Object.hasOwn(next, '__proto__')) return '__proto__';
    const constructorValue: unknown = Object.hasOwn(next, 'constructor')
      ? (next as { constructor: unknown }).constructor
      : undefined;
    if (
      constructorValue !== null &&
      typeof constructorValue === 'object' &&
      Object.hasOwn(constructorValue, 'prototype')
    ) {
      return 'constructor';
    }
    for (const child of Object.values(next)) pending.push(child);
  }
  return undefined;
}
