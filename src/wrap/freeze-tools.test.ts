import { jsonSchema, type Tool, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { freezeTools } from './freeze-tools.js';
import { isFrozenToolRecord } from './is-frozen-tool-record.js';
import { type ToolDisclosureParams, withToolDisclosureSync } from './with-tool-disclosure.js';

function makeTools(count: number): Record<string, Tool> {
  const tools: Record<string, Tool> = {};
  for (let index = 0; index < count; index++) {
    tools[`tool_${index}`] = tool({
      description: `Tool number ${index}.`,
      inputSchema: jsonSchema({ type: 'object', properties: {} }),
      execute: async () => index,
      metadata: { aliases: [`alias_${index}`], annotations: { readOnlyHint: true } },
    }) as Tool;
  }
  return tools;
}

describe('freezeTools', () => {
  it('freezes the record, its tools, their metadata and annotations, and returns the record', () => {
    const tools = makeTools(3);
    const frozen = freezeTools(tools);
    expect(frozen).toBe(tools);
    const first = tools.tool_0 as Tool & { metadata: { annotations: object; aliases: string[] } };
    for (const object of [tools, first, first.metadata, first.metadata.annotations]) {
      expect(Object.isFrozen(object)).toBe(true);
    }
    expect(isFrozenToolRecord(frozen)).toBe(true);
  });

  it('leaves schemas and lists as they are (they are compared by identity)', () => {
    const tools = freezeTools(makeTools(1));
    const only = tools.tool_0 as Tool & { metadata: { aliases: string[] } };
    expect(Object.isFrozen(only.inputSchema)).toBe(false);
    expect(Object.isFrozen(only.metadata.aliases)).toBe(false);
  });

  it('takes tools without metadata and values that are not tools', () => {
    const bare = tool({ description: 'Bare.', inputSchema: jsonSchema({}) }) as Tool;
    const record = { bare, odd: undefined as unknown as Tool };
    expect(isFrozenToolRecord(freezeTools(record))).toBe(true);
    expect(Object.isFrozen(bare)).toBe(true);
  });

  it('gives the wrapper the same settings as the same tools unfrozen, on every request', () => {
    const options = { maxTools: 5, environment: {}, onWarning: () => {} };
    const shape = (tools: Record<string, Tool>) => {
      const params: ToolDisclosureParams & { prompt: string } = { prompt: 'Hi.', tools };
      const settings = withToolDisclosureSync(params, options);
      return JSON.stringify({
        tools: Object.entries(settings.tools ?? {}).map(([name, value]) => [
          name,
          value.description,
          (value.inputSchema as { jsonSchema?: unknown }).jsonSchema,
        ]),
        activeTools: settings.activeTools,
        toolOrder: settings.toolOrder,
      });
    };
    const frozen = freezeTools(makeTools(40));
    const unfrozen = makeTools(40);
    const expected = shape(unfrozen);
    for (let request = 0; request < 3; request++) expect(shape(frozen)).toBe(expected);
  });
});
