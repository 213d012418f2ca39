import { dynamicTool, jsonSchema, type Tool, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { createToolRecord } from './create-tool-record.js';
import { requestNames } from './request-names.case.js';

const anyObject = jsonSchema({ type: 'object' });
const tools = {
  'mail.send': tool({ description: 'Send an email.', inputSchema: anyObject }),
  'mail.list': tool({ description: 'List emails.', inputSchema: anyObject }),
  'wiki.read': {
    ...dynamicTool({
      description: 'Read a page.',
      inputSchema: anyObject,
      execute: async () => '',
    }),
    metadata: { clientName: 'wiki' },
  } as Tool,
};
const { names, toolOf } = requestNames(tools);
const searchBridge = { description: 'search' } as Tool;

describe('createToolRecord', () => {
  it('lists only the listed names, and finds every authorized tool by its app name', () => {
    const record = createToolRecord({
      names,
      toolOf,
      listed: ['tool_search', 'mail.send'],
      added: { tool_search: searchBridge },
    });
    expect(Object.keys(record)).toEqual(['tool_search', 'mail.send']);
    expect(record.tool_search).toBe(searchBridge);
    expect(record['mail.send']).toBe(tools['mail.send']);
    // Found, not listed: ai can run it, and prepares no definition of it.
    expect(Object.hasOwn(record, 'mail.list')).toBe(true);
    expect(record['mail.list']).toBe(tools['mail.list']);
    expect(record['mail.nothing']).toBeUndefined();
    expect(Object.hasOwn(record, '__proto__')).toBe(false);
  });

  it('holds an MCP tool so its isError results read as failures, the same object on every lookup', async () => {
    const record = createToolRecord({ names, toolOf, listed: [], added: {} });
    const held = record['wiki.read'];
    expect(held).not.toBe(tools['wiki.read']);
    expect(record['wiki.read']).toBe(held);
    const output = await held?.toModelOutput?.({
      toolCallId: 'c1',
      input: {},
      output: { isError: true, content: [{ type: 'text', text: 'locked' }] },
    });
    expect(output?.type).toBe('error-json');
  });
});
