/**
 * A read-only record whose values are computed when a key is looked up: a
 * view of a mapping that would cost a copy of every key to build as an
 * object. Own-property lookups (`Object.hasOwn`, `getOwn`) and reads find
 * every key `computeValue` answers for; enumeration (`Object.keys`, `entries`,
 * spreads) lists only `listed`, in order. Writes are refused. Inherited
 * members (`toString`) read as on a plain object, unless `computeValue` answers for
 * their name.
 *
 * @example
 * const squares = createComputedRecord(['two'], (key) => (key === 'two' ? 4 : key === 'three' ? 9 : undefined));
 * Object.keys(squares); // ['two']
 * Object.hasOwn(squares, 'three') && squares.three; // 9
 */
export function createComputedRecord<VALUE>(
  listed: readonly string[],
  computeValue: (key: string) => VALUE | undefined,
): Readonly<Record<string, VALUE>> {
  const keys = [...new Set(listed)];
  const shown = new Set(keys);
  const lookup = (key: string | symbol) =>
    typeof key === 'string' ? computeValue(key) : undefined;
  return new Proxy<Record<string, VALUE>>(
    {},
    {
      ownKeys: () => keys.filter((key) => computeValue(key) !== undefined),
      getOwnPropertyDescriptor: (_target, key) => {
        const value = lookup(key);
        return value === undefined
          ? undefined
          : { value, writable: false, enumerable: shown.has(key as string), configurable: true };
      },
      get: (target, key, receiver) => lookup(key) ?? Reflect.get(target, key, receiver),
      has: (target, key) => lookup(key) !== undefined || Reflect.has(target, key),
      set: () => false,
      defineProperty: () => false,
      deleteProperty: () => false,
      setPrototypeOf: () => false,
      preventExtensions: () => false,
    },
  );
}
