/**
 * The chat route handler, shared by the nodejs route (app/api/chat) and the edge route
 * (app/api/chat-edge). It is ai's streamText with one import changed.
 */
import { createOpenAI } from '@ai-sdk/openai';
import { convertToModelMessages, isStepCount, type UIMessage } from 'ai';
import { streamText } from 'tool-disclosure';
import { scriptedModel } from './scripted-model';
import { largeCatalog, smallCatalog } from './tools';

/** OpenAI when OPENAI_API_KEY is set (OPENAI_MODEL picks the model), else the scripted model. */
function chatModel() {
  const apiKey = process.env.OPENAI_API_KEY;
  if (!apiKey) return scriptedModel();
  return createOpenAI({ apiKey })(process.env.OPENAI_MODEL ?? 'gpt-5-mini');
}

/**
 * The tools of this request: the catalog the page's switch chose (the `catalog` cookie), so a
 * conversation can cross the caps between two turns, or between a call and its approval.
 */
function toolsOf(request: Request) {
  const small = /(?:^|;\s*)catalog=small(?:;|$)/.test(request.headers.get('cookie') ?? '');
  return small ? smallCatalog : largeCatalog;
}

export async function POST(request: Request): Promise<Response> {
  const { messages }: { messages: UIMessage[] } = await request.json();
  const result = streamText({
    model: chatModel(),
    system: 'You are the back-office assistant of a small company. Use the tools to act.',
    tools: toolsOf(request),
    messages: await convertToModelMessages(messages),
    stopWhen: isStepCount(10),
    toolDisclosure: { policy: { deny: ['billing.delete_*'] } },
  });
  return result.toUIMessageStreamResponse();
}
