/**
 * A Next.js App Router route handler (app/api/chat/route.ts) streaming a chat
 * over a large tool catalog. It uses only web-standard Request/Response, so it
 * needs nothing from `next` itself.
 */
import { convertToModelMessages, isStepCount, type ToolSet, tool, type UIMessage } from 'ai';
import { streamText } from 'tool-disclosure';
import { z } from 'zod';

// Module level: warm invocations reuse the catalog and search index built for this record.
const tools: ToolSet = {
  'crm.find_contact': tool({
    description: 'Find a CRM contact by name or email.',
    inputSchema: z.object({ query: z.string() }),
    execute: async ({ query }) => ({ contacts: [{ id: 'c_1', name: query }] }),
  }),
  'billing.refund_invoice': tool({
    description: 'Refund a paid invoice, fully or partly.',
    inputSchema: z.object({ invoiceId: z.string(), amountCents: z.number().int().optional() }),
    // Asked for however the model reaches it (directly or through tool_call): ai applies the rule.
    needsApproval: true,
    execute: async ({ invoiceId }) => ({ refunded: invoiceId }),
  }),
  // ...hundreds more, e.g. from MCP clients
};

export const maxDuration = 30;

export async function POST(request: Request): Promise<Response> {
  const { messages } = (await request.json()) as { messages: UIMessage[] };

  // ai's streamText signature: the result is returned at once, with no await.
  const result = streamText({
    model: 'anthropic/claude-sonnet-4.5',
    tools,
    messages: await convertToModelMessages(messages),
    stopWhen: isStepCount(10),
    toolDisclosure: { policy: { deny: ['billing.delete_*'] } },
  });

  return result.toUIMessageStreamResponse();
}
