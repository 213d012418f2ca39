/**
 * `record[key]` when `key` is the record's own property, so a name from a model or a server such as
 * `__proto__` or `constructor` never resolves to a prototype member; undefined for no record.
 */
export function ownValue<VALUE>(
  record: Readonly<Record<string, VALUE>> | null | undefined,
  key: string,
): VALUE | undefined {
  return record != null && Object.hasOwn(record, key) ? record[key] : undefined;
}
