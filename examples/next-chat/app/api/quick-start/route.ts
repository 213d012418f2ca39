// app/api/chat/route.ts
import { convertToModelMessages, isStepCount, tool, type UIMessage } from 'ai';
import { streamText } from 'tool-disclosure';
import { freezeTools } from 'tool-disclosure/bridge';
import { z } from 'zod';

// Frozen once, so each request reads the record in constant time instead of checking every tool
// for changes made in place (see "For a large catalog" below).
const tools = freezeTools({
  'weather.forecast': tool({
    description: 'Get the weather forecast for a city.',
    inputSchema: z.object({ city: z.string() }),
    execute: async ({ city }) => `Sunny in ${city}.`,
  }),
  'memory.recall': tool({
    description: 'Recall what the user asked to remember about a topic.',
    inputSchema: z.object({ topic: z.string() }),
    execute: async ({ topic }) => `Nothing saved about ${topic} yet.`,
  }),
  'billing.delete_invoice': tool({
    description: 'Delete an invoice.',
    inputSchema: z.object({ invoiceId: z.string() }),
    execute: async ({ invoiceId }) => `Deleted ${invoiceId}.`,
  }),
  // …and the rest: tool(), dynamicTool(), MCP client tools, hundreds or thousands of them
});

export async function POST(request: Request) {
  const { messages }: { messages: UIMessage[] } = await request.json();
  const result = streamText({
    model: 'openai/gpt-5-mini', // through the AI Gateway: set AI_GATEWAY_API_KEY
    tools,
    messages: await convertToModelMessages(messages),
    stopWhen: isStepCount(10),
    // memory.* is always shown with its full schema; billing.delete_* does not exist for the model.
    toolDisclosure: { core: ['memory.*'], policy: { deny: ['billing.delete_*'] } },
  });
  return result.toUIMessageStreamResponse({
    // ai sends "An error occurred." by default; this sends what failed (a missing key, say).
    onError: (error) => (error instanceof Error ? error.message : String(error)),
  });
}
