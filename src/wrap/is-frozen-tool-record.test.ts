import { jsonSchema, type Tool, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { readToolContent } from '../catalog/read-tool-content.js';
import { freezeTools } from './freeze-tools.js';
import {
  FROZEN_TOOL_FIELDS,
  isFrozenToolRecord,
  isToolFieldInherited,
} from './is-frozen-tool-record.js';

function annotatedTool(name: string): Tool {
  return tool({
    description: `Tool ${name}.`,
    inputSchema: jsonSchema({ type: 'object', properties: {} }),
    metadata: { tags: ['a'], annotations: { readOnlyHint: true } },
  }) as Tool;
}

function record(): Record<string, Tool> {
  return { a: annotatedTool('a'), b: annotatedTool('b') };
}

describe('isFrozenToolRecord', () => {
  it('is true for a record frozen with its tools, their metadata and annotations', () => {
    expect(isFrozenToolRecord(freezeTools(record()))).toBe(true);
    expect(isFrozenToolRecord(Object.freeze({}))).toBe(true);
  });

  it('is false for a record that is not frozen, even when its tools are', () => {
    const tools = record();
    for (const value of Object.values(tools)) freezeTools({ value });
    expect(isFrozenToolRecord(tools)).toBe(false);
  });

  it('is false while one tool, its metadata or its annotations is not frozen, and true once it is', () => {
    for (const part of ['tool', 'metadata', 'annotations'] as const) {
      const tools = record();
      const b = tools.b as Tool & { metadata: { annotations: object } };
      const left = part === 'tool' ? b : part === 'metadata' ? b.metadata : b.metadata.annotations;
      if (part !== 'annotations') Object.freeze(b.metadata.annotations);
      if (part !== 'metadata') Object.freeze(b.metadata);
      if (part !== 'tool') Object.freeze(b);
      freezeTools({ a: tools.a as Tool });
      Object.freeze(tools);
      expect(isFrozenToolRecord(tools), part).toBe(false);
      // Asked again (the unfrozen object is remembered), then once it is frozen.
      expect(isFrozenToolRecord(tools), part).toBe(false);
      Object.freeze(left);
      expect(isFrozenToolRecord(tools), part).toBe(true);
    }
  });

  it('is false when a record key or a compared field is a getter, which can answer differently each time', () => {
    const getterKey = record();
    Object.defineProperty(getterKey, 'c', { get: () => annotatedTool('c'), enumerable: true });
    expect(isFrozenToolRecord(freezeTools(getterKey))).toBe(false);

    const getterDescription = record();
    Object.defineProperty(getterDescription.b, 'description', {
      get: () => 'now',
      enumerable: true,
    });
    expect(isFrozenToolRecord(freezeTools(getterDescription))).toBe(false);

    const getterHint = record();
    const annotations = (getterHint.b as unknown as { metadata: { annotations: object } }).metadata
      .annotations;
    Object.defineProperty(annotations, 'destructiveHint', { get: () => true, enumerable: true });
    expect(isFrozenToolRecord(freezeTools(getterHint))).toBe(false);
  });

  it('ignores a getter on a field the reading does not compare', () => {
    const tools = record();
    Object.defineProperty(tools.b, 'execute', { get: () => async () => 'ok', enumerable: true });
    expect(isFrozenToolRecord(freezeTools(tools))).toBe(true);
  });

  it('is false for a tool whose prototype is not Object.prototype (it could hold a field)', () => {
    class ClassTool {
      inputSchema = jsonSchema({ type: 'object' });
    }
    const tools = { a: new ClassTool() as unknown as Tool };
    expect(isFrozenToolRecord(freezeTools(tools))).toBe(false);
    const bare = Object.assign(Object.create(null), { inputSchema: jsonSchema({}) }) as Tool;
    expect(isFrozenToolRecord(freezeTools({ bare }))).toBe(true);
  });

  it('accepts values that are not objects: only their identity is read', () => {
    expect(isFrozenToolRecord(Object.freeze({ a: undefined, b: 'text', c: () => 1 }))).toBe(true);
  });
});

describe('isToolFieldInherited', () => {
  it('is false, and true while Object.prototype holds a compared field', () => {
    expect(isToolFieldInherited()).toBe(false);
    const prototype = Object.prototype as Record<string, unknown>;
    try {
      prototype.outputSchema = jsonSchema({ type: 'string' });
      expect(isToolFieldInherited()).toBe(true);
    } finally {
      delete prototype.outputSchema;
    }
    expect(isToolFieldInherited()).toBe(false);
  });
});

describe('FROZEN_TOOL_FIELDS', () => {
  it('lists every field readToolContent compares to reuse what it read of a tool', () => {
    const read = { tool: new Set<string>(), metadata: new Set<string>(), annotations: new Set() };
    const watched = <OBJECT extends object>(target: OBJECT, into: Set<unknown>): OBJECT =>
      new Proxy(target, {
        get(object, field, receiver) {
          into.add(field);
          return Reflect.get(object, field, receiver);
        },
        getOwnPropertyDescriptor(object, field) {
          into.add(field);
          return Reflect.getOwnPropertyDescriptor(object, field);
        },
        has(object, field) {
          into.add(field);
          return Reflect.has(object, field);
        },
      });
    const annotations = watched(
      { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
      read.annotations,
    );
    const metadata = watched(
      { namespace: 'n', clientName: 'c', aliases: ['x'], tags: ['t'], annotations },
      read.metadata,
    );
    const watchedTool = watched(
      {
        type: 'function',
        description: 'Watched.',
        inputSchema: jsonSchema({ type: 'object' }),
        outputSchema: jsonSchema({ type: 'object' }),
        metadata,
      },
      read.tool,
    ) as Tool;
    // What the check that reuses the first read compares (serializing that read reads more).
    readToolContent(watchedTool);
    for (const fields of Object.values(read)) fields.clear();
    readToolContent(watchedTool);
    expect(read.annotations.size).toBeGreaterThan(0);
    expect(
      [...read.tool].filter((field) => !FROZEN_TOOL_FIELDS.tool.includes(field as never)),
    ).toEqual([]);
    expect(
      [...read.metadata].filter((field) => !FROZEN_TOOL_FIELDS.metadata.includes(field as never)),
    ).toEqual([]);
    expect(
      [...read.annotations].filter(
        (field) => !FROZEN_TOOL_FIELDS.annotations.includes(field as never),
      ),
    ).toEqual([]);
  });
});
