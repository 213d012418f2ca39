/**
 * A scripted model, so the app runs without a key. It reads the conversation and the tools it is
 * sent and plays one of these turns, whatever the provider would have done. A tool it is sent
 * (below the caps, or advertised) it calls directly, by the name it is sent under; any other it
 * first finds with `tool_search`, then calls through `tool_call`, as a model shown the bridges does.
 *
 * - "Refund invoice INV-1042": calls `billing.refund_invoice` (it needs approval), then answers
 *   about the refund, or about the denial;
 * - "What is my time zone?": calls `browser.get_time_zone`, which the page answers, then says what
 *   the browser said;
 * - "Find contact Ada Lovelace": calls `find_contact` directly by its bare name (above the caps not
 *   advertised: the wrapper routes the call through `tool_call`), then answers;
 * - "Email Ada": calls `mail.send_email` directly by its dotted name with a recipient that is not an
 *   address, so the tool fails, then answers;
 * - anything else: says what it can do.
 *
 * It reads the conversation as the model is sent it: a call of a real tool appears as a direct
 * call, whether the model made it directly or through `tool_call`. Each step streams like a
 * provider's: tool inputs arrive in pieces, then the call.
 */
import { generateId, simulateReadableStream } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';

type CallOptions = Parameters<MockLanguageModelV4['doStream']>[0];
type Prompt = CallOptions['prompt'];
type StreamPart =
  Awaited<ReturnType<MockLanguageModelV4['doStream']>>['stream'] extends ReadableStream<infer PART>
    ? PART
    : never;

/** What the model decides to do in one step: call a tool, or answer. */
type Step = { call: { toolName: string; input: unknown } } | { text: string };

const usage = {
  inputTokens: { total: 0, noCache: 0, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 0, text: 0, reasoning: undefined },
};

/** The user's last message, and the tool calls and results of the turn since. */
function currentTurn(prompt: Prompt) {
  let start = 0;
  for (const [index, message] of prompt.entries()) if (message.role === 'user') start = index;
  const user = prompt[start];
  const text =
    user?.role === 'user'
      ? user.content.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join(' ')
      : '';
  const rest = prompt.slice(start + 1);
  const calls = rest.flatMap((message) =>
    message.role === 'assistant'
      ? message.content.flatMap((part) => (part.type === 'tool-call' ? [part] : []))
      : [],
  );
  const results = rest.flatMap((message) =>
    message.role === 'tool' || message.role === 'assistant'
      ? message.content.flatMap((part) => (part.type === 'tool-result' ? [part] : []))
      : [],
  );
  return { text, calls, results };
}

/** A tool's name in the dotted form, whichever form it comes in: `billing__refund_invoice` too. */
const dotted = (name: string) => name.replaceAll('__', '.');

function nextStep({ prompt, tools = [] }: CallOptions): Step {
  const { text, calls, results } = currentTurn(prompt);
  /** The output of this turn's call of a tool. */
  const outputOf = (name: string) =>
    results.find((result) => dotted(result.toolName) === name)?.output;
  /** Calls a tool directly if it is sent; else finds it with tool_search and calls it through tool_call. */
  const use = (name: string, input: Record<string, unknown>, query: string): Step => {
    const sent = tools.find((tool) => dotted(tool.name) === name);
    if (sent !== undefined) return { call: { toolName: sent.name, input } };
    if (!calls.some((call) => call.toolName === 'tool_search'))
      return { call: { toolName: 'tool_search', input: { query } } };
    const wireName = name.replaceAll('.', '__');
    return { call: { toolName: 'tool_call', input: { name: wireName, arguments: input } } };
  };

  if (/refund/i.test(text)) {
    const invoiceId = /\binv-\d+\b/i.exec(text)?.[0]?.toUpperCase() ?? 'INV-1042';
    const output = outputOf('billing.refund_invoice');
    if (output === undefined)
      return use('billing.refund_invoice', { invoiceId }, `refund invoice ${invoiceId}`);
    if (output.type === 'execution-denied')
      return { text: `The refund of ${invoiceId} was denied, so nothing was refunded.` };
    if (output.type === 'json')
      return { text: `Refunded ${invoiceId}: $129.00 is on its way back.` };
    return { text: `The refund of ${invoiceId} failed.` };
  }

  if (/time ?zone/i.test(text)) {
    const output = outputOf('browser.get_time_zone');
    if (output === undefined) return use('browser.get_time_zone', {}, 'time zone of the browser');
    const { timeZone } = (output.type === 'json' ? output.value : {}) as { timeZone?: string };
    return { text: `Your browser is set to the time zone ${timeZone ?? 'unknown'}.` };
  }

  if (/contact/i.test(text)) {
    const query = text.replace(/.*contact\s*/i, '').trim() || 'Ada Lovelace';
    if (calls.length === 0) return { call: { toolName: 'find_contact', input: { query } } };
    return { text: `Found ${query} in the CRM.` };
  }

  if (/e-?mail/i.test(text)) {
    if (calls.length === 0)
      return {
        call: {
          toolName: 'mail.send_email',
          input: { to: 'Ada', subject: 'Your invoice', body: 'The refund is on its way.' },
        },
      };
    return { text: 'The email could not be sent: I need an email address, not a name.' };
  }

  return {
    text: 'I am a scripted model. Ask me to "Refund invoice INV-1042", "What is my time zone?", to "Find contact Ada Lovelace" or to "Email Ada".',
  };
}

function streamOf(step: Step): StreamPart[] {
  if ('text' in step) {
    const id = generateId();
    return [
      { type: 'stream-start', warnings: [] },
      { type: 'text-start', id },
      ...step.text.split(/(?<= )/).map((delta) => ({ type: 'text-delta' as const, id, delta })),
      { type: 'text-end', id },
      { type: 'finish', finishReason: { unified: 'stop', raw: undefined }, usage },
    ];
  }
  const id = `call_${generateId()}`;
  const { toolName, input } = step.call;
  const json = JSON.stringify(input);
  const half = Math.ceil(json.length / 2);
  return [
    { type: 'stream-start', warnings: [] },
    { type: 'tool-input-start', id, toolName },
    { type: 'tool-input-delta', id, delta: json.slice(0, half) },
    { type: 'tool-input-delta', id, delta: json.slice(half) },
    { type: 'tool-input-end', id },
    { type: 'tool-call', toolCallId: id, toolName, input: json },
    { type: 'finish', finishReason: { unified: 'tool-calls', raw: undefined }, usage },
  ];
}

export function scriptedModel(): MockLanguageModelV4 {
  return new MockLanguageModelV4({
    provider: 'scripted',
    modelId: 'next-chat-demo',
    doStream: async (options) => ({
      stream: simulateReadableStream({ chunks: streamOf(nextStep(options)), chunkDelayInMs: 40 }),
    }),
  });
}
