import { dynamicTool, jsonSchema, type Tool, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import type { CatalogEntry } from '../catalog/catalog-entry.js';
import { createCatalogSync } from '../catalog/create-catalog.js';
import { withReportedErrors } from './with-reported-errors.js';

const anyObject = jsonSchema({ type: 'object' });
/** A tool as @ai-sdk/mcp builds it: dynamic, with the client's name in its metadata. */
const mcpTool = (toModelOutput?: Tool['toModelOutput']) =>
  ({
    ...dynamicTool({
      description: 'Read a page.',
      inputSchema: anyObject,
      execute: async () => '',
    }),
    metadata: { clientName: 'wiki' },
    ...(toModelOutput === undefined ? {} : { toModelOutput }),
  }) as Tool;
const entryOf = (value: Tool): CatalogEntry =>
  createCatalogSync({ tools: { read: value } }).entries[0] as CatalogEntry;
const options = (output: unknown) => ({ toolCallId: 'c1', input: {}, output });

describe('withReportedErrors', () => {
  it('makes an MCP result marked isError the execution_failed error it reports, quoting the server', async () => {
    const value = mcpTool();
    const entry = entryOf(value);
    expect(entry.kind).toBe('mcp');
    const held = withReportedErrors(entry, value);
    const output = await held.toModelOutput?.(
      options({ isError: true, content: [{ type: 'text', text: 'page locked' }] }),
    );
    expect(output?.type).toBe('error-json');
    expect(JSON.stringify(output)).toContain('execution_failed');
    expect(JSON.stringify(output)).toContain('page locked');
  });

  it("converts other results with the tool's own toModelOutput, else as text or JSON", async () => {
    const own = mcpTool(async () => ({ type: 'text', value: 'converted' }));
    expect(await withReportedErrors(entryOf(own), own).toModelOutput?.(options({ ok: 1 }))).toEqual(
      {
        type: 'text',
        value: 'converted',
      },
    );
    const plain = mcpTool();
    const held = withReportedErrors(entryOf(plain), plain);
    expect(await held.toModelOutput?.(options('done'))).toEqual({ type: 'text', value: 'done' });
    expect(await held.toModelOutput?.(options({ content: [] }))).toEqual({
      type: 'json',
      value: { content: [] },
    });
  });

  it('returns any other tool as it is', () => {
    const local = tool({ description: 'Add.', inputSchema: anyObject });
    expect(withReportedErrors(entryOf(local), local)).toBe(local);
  });
});
