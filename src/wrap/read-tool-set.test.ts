import { jsonSchema, type Tool, type ToolSet, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { freezeTools } from './freeze-tools.js';
import { readToolSet } from './read-tool-set.js';

function makeTools(count: number): Record<string, Tool> {
  const tools: Record<string, Tool> = {};
  for (let index = 0; index < count; index++) {
    tools[`tool_${index}`] = tool({
      description: `Tool number ${index}.`,
      inputSchema: jsonSchema({ type: 'object', properties: { q: { type: 'string' } } }),
      metadata: { tags: ['bench'], annotations: { readOnlyHint: index % 2 === 0 } },
    }) as Tool;
  }
  return tools;
}

function read(tools: ToolSet, toolsContext: unknown = {}) {
  return readToolSet(
    { tools, namespaces: undefined, toolsContext, core: [], defaultNamespace: 'default' },
    'sync',
  );
}

/** `target` behind a proxy that counts how often its keys are listed and its properties read. */
function counted(target: Record<string, Tool>) {
  const reads = { keys: 0, properties: 0 };
  const record = new Proxy(target, {
    ownKeys(object) {
      reads.keys += 1;
      return Reflect.ownKeys(object);
    },
    get(object, key, receiver) {
      reads.properties += 1;
      return Reflect.get(object, key, receiver);
    },
  });
  return { record, reads };
}

describe('readToolSet', () => {
  it('reads a frozen record of frozen tools once: later requests neither list nor read it', () => {
    const { record, reads } = counted(freezeTools(makeTools(50)));
    const first = read(record);
    expect(reads.keys).toBeGreaterThan(0);
    const before = { ...reads };
    for (let request = 0; request < 3; request++) {
      const again = read(record);
      expect(again.key).toBe(first.key);
      expect(again.toolAt(7)).toBe(first.toolAt(7));
    }
    expect(reads).toEqual(before);
  });

  it('keys a frozen record as it keys the same tools unfrozen', () => {
    expect(read(freezeTools(makeTools(20))).key).toBe(read(makeTools(20)).key);
  });

  it('checks a frozen record with a tool that is not frozen key by key on every request', () => {
    const tools = makeTools(10);
    const loose = tools.tool_3 as Tool & { description: string };
    freezeTools(tools);
    const thawed = { ...tools, tool_3: { ...loose } as Tool };
    const { record, reads } = counted(Object.freeze(thawed));
    const first = read(record);
    const listed = reads.keys;
    (thawed.tool_3 as { description: string }).description = 'Changed in place.';
    const second = read(record);
    expect(reads.keys).toBeGreaterThan(listed);
    expect(second.key).not.toBe(first.key);
    expect(second.key).toBe(read({ ...thawed }).key);
  });

  it('sees a record that is frozen only after its first read as it is when frozen', () => {
    const tools = makeTools(10);
    const first = read(tools);
    (tools.tool_0 as { description: string }).description = 'Changed before freezing.';
    freezeTools(tools);
    const second = read(tools);
    expect(second.key).not.toBe(first.key);
    expect(read(tools).key).toBe(second.key);
    expect(read(tools).key).toBe(read({ ...tools }).key);
  });

  it('reads a frozen tool again while Object.prototype holds a field the tool lacks', () => {
    const tools = freezeTools(makeTools(5));
    const clean = read(tools).key;
    const prototype = Object.prototype as Record<string, unknown>;
    let polluted: string | undefined;
    try {
      prototype.outputSchema = jsonSchema({ type: 'object', properties: { leak: {} } });
      polluted = read(tools).key;
    } finally {
      delete prototype.outputSchema;
    }
    expect(polluted).not.toBe(clean);
    expect(read(tools).key).toBe(clean);
  });

  it("recomputes a frozen tool's contextual description for each request's context", () => {
    const tools = freezeTools({
      ...makeTools(3),
      greet: tool({
        description: ({ context }: { context: { user?: string } }) => `Greets ${context?.user}.`,
        inputSchema: jsonSchema({ type: 'object' }),
      }) as Tool,
    });
    const alice = read(tools, { greet: { user: 'alice' } });
    const bob = read(tools, { greet: { user: 'bob' } });
    expect(alice.key).toContain('Greets alice.');
    expect(bob.key).toContain('Greets bob.');
    expect(bob.key).not.toContain('alice');
  });

  describe("a record of new tool objects per request (an MCP client's tools() in the handler)", () => {
    /** New tool objects (and schema objects) of the same content each call, as a client lists them. */
    function listed(
      change: (
        index: number,
      ) => Partial<Record<'description' | 'q' | 'tag' | 'type', string>> = () => ({}),
    ) {
      const tools: Record<string, Tool> = {};
      for (let index = 0; index < 30; index++) {
        const changed = change(index);
        const properties = { q: { type: changed.q ?? 'string' } };
        tools[`listed_${index}`] = tool({
          description: changed.description ?? `Listed tool ${index}.`,
          inputSchema: jsonSchema(JSON.parse(JSON.stringify({ type: 'object', properties }))),
          metadata: { tags: [changed.tag ?? 'mcp'] },
          ...(changed.type === undefined ? {} : { type: changed.type }),
        } as never) as Tool;
      }
      return tools;
    }

    it('keys equal content alike, and runs the tools of the request itself', () => {
      const first = listed();
      const second = listed();
      expect(read(second).key).toBe(read(first).key);
      expect(read(second).toolAt(3)).toBe(second.listed_3);
    });

    it.each([
      ['a description', { description: 'Listed tool 7, changed.' }],
      ['an input schema', { q: 'number' }],
      ['a metadata field', { tag: 'other' }],
      ['a tool type', { type: 'dynamic' }],
    ] as const)('sees %s changed in one tool of the new record', (_, changed) => {
      const key = read(listed()).key;
      const other = read(listed((index) => (index === 7 ? changed : {}))).key;
      expect(other).not.toBe(key);
      expect(read(listed((index) => (index === 7 ? changed : {}))).key).toBe(other);
      expect(read(listed()).key).toBe(key);
    });

    it('compares with the content read before, not with the earlier objects as they are now', () => {
      const first = listed();
      const key = read(first).key;
      // The earlier tool's schema is changed in place after it was read; a new record
      // with that changed schema must not be taken for the content read before.
      const schema = (
        first.listed_2 as { inputSchema: { jsonSchema: { properties: { q: { type: string } } } } }
      ).inputSchema.jsonSchema;
      schema.properties.q.type = 'boolean';
      const changed = read(listed((index) => (index === 2 ? { q: 'boolean' } : {}))).key;
      expect(changed).not.toBe(key);
    });
  });
});
