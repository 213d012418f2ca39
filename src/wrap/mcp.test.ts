import { createMCPClient } from '@ai-sdk/mcp';
import { Experimental_StdioMCPTransport } from '@ai-sdk/mcp/mcp-stdio';
import { generateText, isStepCount } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withToolDisclosure } from './with-tool-disclosure.js';

/** A stdio MCP server whose tool names contain dots and slashes, run from source. */
const serverSource = `
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';
const server = new McpServer({ name: 'fixture-mail', version: '1.0.0' });
server.registerTool('mail.search', {
  description: 'Search email messages by query.',
  inputSchema: { query: z.string(), limit: z.number().int().optional() },
}, async ({ query }) => ({ content: [{ type: 'text', text: 'msg about ' + query }] }));
server.registerTool('calendar/events.create', {
  description: 'Create a calendar event.',
  inputSchema: { title: z.string(), start: z.string() },
}, async ({ title }) => ({ content: [{ type: 'text', text: 'created ' + title }] }));
server.registerTool('mail.fail', { description: 'Always fails.', inputSchema: {} },
  async () => ({ isError: true, content: [{ type: 'text', text: 'mailbox locked' }] }));
await server.connect(new StdioServerTransport());
`;

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
};

describe('MCP tools through a real stdio server', () => {
  let client: Awaited<ReturnType<typeof createMCPClient>>;
  beforeAll(async () => {
    client = await createMCPClient({
      clientName: 'mail',
      transport: new Experimental_StdioMCPTransport({
        command: process.execPath,
        args: ['--input-type=module', '--no-warnings', '-e', serverSource],
        cwd: process.cwd(),
        stderr: 'ignore',
      }),
    });
  }, 20_000);
  afterAll(async () => {
    await client?.close();
  });

  it('searches, validates and calls MCP tools with dotted and slashed names, bridged and direct', async () => {
    const mcpTools = await client.tools();
    const model = new MockLanguageModelV4({
      doGenerate: [
        {
          content: [
            {
              type: 'tool-call',
              toolCallId: 's1',
              toolName: 'tool_search',
              input: '{"query":"email"}',
            },
          ],
          finishReason: { unified: 'tool-calls', raw: undefined },
          usage,
          warnings: [],
        },
        {
          content: [
            {
              type: 'tool-call',
              toolCallId: 'a',
              toolName: 'tool_call',
              input: JSON.stringify({ name: 'mail.search', arguments: '{"query":"invoice"}' }),
            },
            { type: 'tool-call', toolCallId: 'b', toolName: 'search', input: '{"query":7}' },
            { type: 'tool-call', toolCallId: 'c', toolName: 'mail.fail', input: '{}' },
            {
              type: 'tool-call',
              toolCallId: 'd',
              toolName: 'calendar/events.create',
              input: '{"title":"Sync","start":"now"}',
            },
          ],
          finishReason: { unified: 'tool-calls', raw: undefined },
          usage,
          warnings: [],
        },
        {
          content: [{ type: 'text', text: 'ok' }],
          finishReason: { unified: 'stop', raw: 'stop' },
          usage,
          warnings: [],
        },
      ],
    });
    const settings = await withToolDisclosure(
      { model, prompt: 'Find the invoice', stopWhen: isStepCount(4) },
      { namespaces: { mail: { tools: mcpTools } }, maxTools: 1, environment: {} },
    );
    const result = await generateText(settings as never);
    const parts = result.steps.flatMap((step) =>
      step.content.filter((part) => part.type === 'tool-result' || part.type === 'tool-error'),
    );
    const byId = Object.fromEntries(
      parts.map((part) => [
        part.toolCallId,
        part.type === 'tool-result' ? part.output : JSON.parse((part.error as Error).message),
      ]),
    );
    const names = (byId.s1 as { results: { name: string }[] }).results.map((item) => item.name);
    expect(names).toContain('mail__search');
    expect(byId.a).toEqual({
      content: [{ type: 'text', text: 'msg about invoice' }],
      isError: false,
    });
    expect(byId.b.error).toMatchObject({
      kind: 'invalid_arguments',
      issues: [{ path: '/query', message: expect.any(String) }],
    });
    expect(byId.c.error).toMatchObject({
      kind: 'execution_failed',
      content: [{ type: 'text', text: 'mailbox locked' }],
    });
    expect(byId.d).toEqual({ content: [{ type: 'text', text: 'created Sync' }], isError: false });
    // The model reads MCP content through the real tool's toModelOutput.
    expect(JSON.stringify(model.doGenerateCalls[2]?.prompt)).toContain(
      '{"type":"content","value":[{"type":"text","text":"msg about invoice"}]}',
    );
  }, 20_000);
});
