import type { NamesOf } from './create-name-mapper.js';

/** A settings record (`toolsContext`, `toolApproval`, refinements) keyed by tool names. */
export type SettingsRecord = Record<string, unknown>;

/**
 * The record with each key renamed to the names it means (`namesOf`), as own
 * properties (a key such as `__proto__` never touches the prototype); a key
 * that means several tools gives each of them its value. When two spellings
 * of one tool are both present, the one already in the SDK's spelling wins.
 */
export function rekeySettings(record: unknown, namesOf: NamesOf): SettingsRecord {
  const rekeyed: SettingsRecord = {};
  if (record == null || typeof record !== 'object') return rekeyed;
  const exact = new Set<string>();
  for (const [key, value] of Object.entries(record)) {
    for (const name of namesOf(key)) {
      if (exact.has(name)) continue;
      if (name === key) exact.add(name);
      setOwn(rekeyed, name, value);
    }
  }
  return rekeyed;
}

/** A list of tool names (`activeTools`, `toolOrder`) renamed to the names they mean, without repeats. */
export function renameList(list: readonly unknown[], namesOf: NamesOf): string[] {
  return [...new Set(list.flatMap((name) => namesOf(String(name))))];
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

/**
 * A `toolChoice` naming one tool (`{ type: 'tool', toolName }`) by any
 * spelling, renamed to the name the SDK knows it by; any other choice as it is.
 */
export function renameToolChoice(toolChoice: unknown, namesOf: NamesOf): unknown {
  const { type, toolName } = asRecord(toolChoice);
  if (type !== 'tool' || typeof toolName !== 'string') return toolChoice;
  const names = namesOf(toolName);
  return names.length === 1 && names[0] !== toolName
    ? { ...(toolChoice as SettingsRecord), toolName: names[0] }
    : toolChoice;
}

/**
 * A settings record keyed by the names `namesOf` gives: the record itself
 * when each of its keys is such a name already (the common case, no copy),
 * else `rekeySettings` of it. Anything that is not an object is returned as
 * it is.
 */
export function keyedByNames(record: unknown, namesOf: NamesOf): unknown {
  if (record == null || typeof record !== 'object') return record;
  const unchanged = Object.keys(record).every((key) => {
    const names = namesOf(key);
    return names.length === 1 && names[0] === key;
  });
  return unchanged ? record : rekeySettings(record, namesOf);
}
