/**
 * A ToolLoopAgent over a large catalog: `withToolDisclosure` takes the agent's
 * settings and returns settings of the same type.
 *
 * Run: npm run build && AI_GATEWAY_API_KEY=... node --experimental-strip-types examples/tool-loop-agent.ts
 */

import { generateDistractors } from '@tool-disclosure/tooling/eval';
import { jsonSchema, ToolLoopAgent, type ToolSet, tool } from 'ai';
import { withToolDisclosure } from 'tool-disclosure';
import { z } from 'zod';

const tools: ToolSet = {
  'zendesk.create_ticket': tool({
    description: 'Open a support ticket for a customer.',
    inputSchema: z.object({ subject: z.string(), requesterEmail: z.string() }),
    contextSchema: z.object({ tenantId: z.string() }),
    execute: async ({ subject }, { context }) => ({ id: 't_1', subject, tenant: context.tenantId }),
  }),
  'zendesk.search_tickets': tool({
    description: 'Search support tickets by text, requester or status.',
    inputSchema: z.object({ query: z.string() }),
    execute: async ({ query }) => ({ tickets: [], query }),
  }),
};
for (const definition of generateDistractors(200)) {
  tools[definition.capability_id ?? definition.name] = tool({
    description: definition.description ?? '',
    inputSchema: jsonSchema(definition.parameters ?? { type: 'object' }),
    execute: async () => ({ ok: true }),
  });
}

const agent = new ToolLoopAgent(
  await withToolDisclosure(
    {
      model: 'openai/gpt-5-mini',
      instructions: 'You are a support agent. Find the right tool with tool_search before acting.',
      tools,
      // Contexts set per call reach every tool, however the model called it: each call is composed anew.
      prepareCall: async (call) => ({
        ...call,
        toolsContext: { 'zendesk.create_ticket': { tenantId: 'acme' } },
      }),
    },
    { core: ['zendesk.search_tickets'] },
  ),
);

const result = await agent.generate({
  prompt: 'Open a ticket for bob@example.com: "Invoice PDF will not download".',
});
console.log(result.steps.flatMap((step) => step.toolCalls.map((call) => call.toolName)));
console.log(result.text);
