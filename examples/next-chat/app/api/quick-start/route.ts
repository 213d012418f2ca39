// app/api/chat/route.ts
import { convertToModelMessages, isStepCount, tool, type UIMessage } from 'ai';
import { streamText } from 'tool-disclosure';
import { z } from 'zod';

const tools = {
  'weather.forecast': tool({
    description: 'Get the weather forecast for a city.',
    inputSchema: z.object({ city: z.string() }),
    execute: async ({ city }) => `Sunny in ${city}.`,
  }),
  // …and the rest: tool(), dynamicTool(), MCP client tools, hundreds or thousands of them
};

export async function POST(request: Request) {
  const { messages }: { messages: UIMessage[] } = await request.json();
  const result = streamText({
    model: 'openai/gpt-5-mini',
    tools,
    messages: await convertToModelMessages(messages),
    stopWhen: isStepCount(10),
    toolDisclosure: { core: ['memory.*'], policy: { deny: ['billing.delete_*'] } },
  });
  return result.toUIMessageStreamResponse();
}
