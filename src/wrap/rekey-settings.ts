/** A settings record (`toolsContext`, `toolApproval`, refinements) keyed by tool names. */
export type SettingsRecord = Record<string, unknown>;

/**
 * The record with each key renamed by `nameOf`, as own properties (a key such
 * as `__proto__` never touches the prototype). When two spellings of one tool
 * are both present, the one already in the SDK's spelling wins.
 */
export function rekeySettings(record: unknown, nameOf: (name: string) => string): SettingsRecord {
  const rekeyed: SettingsRecord = {};
  if (record == null || typeof record !== 'object') return rekeyed;
  for (const [key, value] of Object.entries(record)) {
    const name = nameOf(key);
    if (Object.hasOwn(rekeyed, name) && name !== key) continue;
    setOwn(rekeyed, name, value);
  }
  return rekeyed;
}

/** Defines an own property, so a key such as `__proto__` never touches the prototype. */
export function setOwn<VALUE>(record: Record<string, VALUE>, key: string, value: VALUE): void {
  Object.defineProperty(record, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

/** `value` when it is an object, else an empty record. */
export function asRecord(value: unknown): SettingsRecord {
  return value != null && typeof value === 'object' ? (value as SettingsRecord) : {};
}
