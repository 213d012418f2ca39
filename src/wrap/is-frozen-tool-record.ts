/**
 * What `readToolContent` compares of a tool, of its `metadata` and of the
 * metadata's `annotations` to decide that a tool is unchanged (the catalog's
 * cache key is built from them). Schemas and lists (`inputSchema`, `aliases`)
 * are compared by identity there, so their own contents need not be frozen.
 * `is-frozen-tool-record.test.ts` checks these lists against what
 * `readToolContent` reads.
 */
export const FROZEN_TOOL_FIELDS = {
  tool: ['type', 'description', 'inputSchema', 'outputSchema', 'metadata'],
  metadata: ['namespace', 'clientName', 'aliases', 'tags', 'annotations'],
  annotations: ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'],
} as const;

/** Objects of frozen records that were not frozen yet, so a record is not scanned again for them. */
const blockers = new WeakMap<object, object>();
/** Records seen frozen. */
const frozenRecords = new WeakSet<object>();

/**
 * Whether nothing a tools record's reading depends on can change any more: the
 * record is frozen with data properties only, and so is every tool object in
 * it, its `metadata` and the metadata's `annotations`, each a plain object
 * (prototype `Object.prototype` or null) whose compared fields are data
 * properties. A getter could answer differently on each read, and a field a
 * frozen object lacks is looked up on its prototype, so either keeps the
 * record on the full check (`isToolFieldInherited` covers `Object.prototype`).
 * O(1) for a record that is not frozen; O(tools) otherwise, and O(1) again
 * while the object that failed the last check is still not frozen. A Proxy
 * cannot be told apart: one over a frozen object must answer its properties'
 * values, but may list its keys in another order, or answer a field its target
 * lacks, differently each time; such a Proxy is served as it was first read.
 */
export function isFrozenToolRecord(record: object): boolean {
  // Freezing cannot be undone, so a record seen frozen is not asked again: for a record of
  // thousands of keys (a dictionary in V8), `Object.isFrozen` visits every property.
  if (!frozenRecords.has(record)) {
    if (!Object.isFrozen(record)) return false;
    frozenRecords.add(record);
  }
  const blocker = blockers.get(record);
  if (blocker !== undefined && !Object.isFrozen(blocker)) return false;
  const found = firstUnfrozen(record);
  if (found === undefined) {
    blockers.delete(record);
    return true;
  }
  blockers.set(record, found);
  return false;
}

/**
 * Whether `Object.prototype` has one of the compared fields (a polluted
 * prototype): a frozen tool that lacks the field would then read it from
 * there, and the prototype is not frozen. O(1), checked on every request that
 * skips the full check.
 */
export function isToolFieldInherited(): boolean {
  return (
    FROZEN_TOOL_FIELDS.tool.some(isInherited) ||
    FROZEN_TOOL_FIELDS.metadata.some(isInherited) ||
    FROZEN_TOOL_FIELDS.annotations.some(isInherited)
  );
}

function isInherited(field: string): boolean {
  return Object.hasOwn(Object.prototype, field);
}

/** The first object of `record` that is not frozen as `isFrozenToolRecord` needs; the record itself when a key is a getter. */
function firstUnfrozen(record: object): object | undefined {
  for (const key of Object.keys(record)) {
    const descriptor = Object.getOwnPropertyDescriptor(record, key);
    if (descriptor === undefined || !('value' in descriptor)) return record;
    const tool: unknown = descriptor.value;
    // Not an object: nothing of it is read but its identity, which the frozen record fixes.
    if (tool === null || typeof tool !== 'object') continue;
    const metadata = frozenField(tool, FROZEN_TOOL_FIELDS.tool, 'metadata');
    if (metadata === unfrozen) return tool;
    if (metadata === null || typeof metadata !== 'object') continue;
    const annotations = frozenField(metadata, FROZEN_TOOL_FIELDS.metadata, 'annotations');
    if (annotations === unfrozen) return metadata;
    if (annotations === null || typeof annotations !== 'object') continue;
    if (frozenField(annotations, FROZEN_TOOL_FIELDS.annotations, undefined) === unfrozen) {
      return annotations;
    }
  }
  return undefined;
}

const unfrozen = Symbol('unfrozen');

/**
 * `object[nested]` when `object` is a frozen plain object whose `fields` are
 * data properties or absent; `unfrozen` otherwise.
 */
function frozenField(
  object: object,
  fields: readonly string[],
  nested: string | undefined,
): unknown {
  if (!Object.isFrozen(object)) return unfrozen;
  const prototype = Object.getPrototypeOf(object);
  if (prototype !== Object.prototype && prototype !== null) return unfrozen;
  let value: unknown;
  for (const field of fields) {
    const descriptor = Object.getOwnPropertyDescriptor(object, field);
    if (descriptor === undefined) continue;
    if (!('value' in descriptor)) return unfrozen;
    if (field === nested) value = descriptor.value;
  }
  return value;
}
