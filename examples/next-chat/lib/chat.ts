/**
 * The chat route handler, shared by the nodejs route (app/api/chat) and the edge route
 * (app/api/chat-edge). It is ai's streamText with one import changed.
 */
import { createOpenAI } from '@ai-sdk/openai';
import { convertToModelMessages, isStepCount, type UIMessage } from 'ai';
import { streamText } from 'tool-disclosure';
import { scriptedModel } from './scripted-model';
import { tools } from './tools';

/** OpenAI when OPENAI_API_KEY is set (OPENAI_MODEL picks the model), else the scripted model. */
function chatModel() {
  const apiKey = process.env.OPENAI_API_KEY;
  if (!apiKey) return scriptedModel();
  return createOpenAI({ apiKey })(process.env.OPENAI_MODEL ?? 'gpt-5-mini');
}

export async function POST(request: Request): Promise<Response> {
  const { messages }: { messages: UIMessage[] } = await request.json();
  const result = streamText({
    model: chatModel(),
    system: 'You are the back-office assistant of a small company. Use the tools to act.',
    tools,
    messages: await convertToModelMessages(messages),
    stopWhen: isStepCount(10),
    toolDisclosure: { policy: { deny: ['billing.delete_*'] } },
  });
  return result.toUIMessageStreamResponse();
}
