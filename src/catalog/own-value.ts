/** `record[key]` when `key` is the record's own property, so `__proto__` or `constructor` never resolve to prototype members. */
export function ownValue<VALUE>(record: Record<string, VALUE>, key: string): VALUE | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}
