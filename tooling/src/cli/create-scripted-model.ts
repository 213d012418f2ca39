import type { MockLanguageModelV4 } from 'ai/test';
import { estimateTokens } from 'tool-disclosure/disclosure';
import { isRecord } from 'tool-disclosure/util';
import { readToolExchanges } from '../e2e/read-tool-exchanges.js';
import { readProposal } from './read-proposal.js';

const mailQuery = 'search email messages in the mailbox';
const calendarQuery = 'create a calendar event';

type CallOptions = Parameters<MockLanguageModelV4['doGenerate']>[0];
type GenerateResult = Awaited<ReturnType<MockLanguageModelV4['doGenerate']>>;

interface FoundTool {
  name: string;
  description: string;
  parameters?: { properties?: Record<string, unknown> };
}

/**
 * A model that plays the agent from what it is sent, with no memory of its
 * own: it reads the advertised tools and the tool results in the prompt,
 * picks tools from `tool_search` results by their descriptions, and reads the
 * proposed time from the email it found. If search does not return the tools
 * it needs, it says so and stops.
 */
export async function createScriptedModel(): Promise<MockLanguageModelV4> {
  // Loaded on demand, so the other commands never load the SDK's test helpers.
  const { MockLanguageModelV4 } = await import('ai/test');
  return new MockLanguageModelV4({
    provider: 'tool-disclosure',
    modelId: 'scripted-agent',
    doGenerate: async (options) => decide(options),
  });
}

function decide(options: CallOptions): GenerateResult {
  const step = options.prompt.filter((message) => message.role === 'assistant').length + 1;
  const advertised = new Set((options.tools ?? []).map((tool) => tool.name));
  if (!advertised.has('tool_search') || !advertised.has('tool_call')) {
    return answer(
      options,
      'I was not given tool_search and tool_call, so I cannot look for tools.',
    );
  }
  const exchanges = readToolExchanges(options.prompt);
  const last = exchanges.at(-1);
  if (last?.error !== undefined) return answer(options, `A tool failed: ${last.error}`);

  const event = exchanges.find(
    (exchange) => isRecord(exchange.value) && 'html_link' in exchange.value,
  );
  if (event !== undefined) {
    const value = event.value as Record<string, unknown>;
    const start = (value.start as { date_time?: string } | undefined)?.date_time ?? '';
    return answer(
      options,
      `Done. Dana proposed the quarterly review in her email "${String(value.summary)}"; it is now on your calendar for ${formatDateTime(start)} (${String((value.start as { time_zone?: string }).time_zone)}), event ${String(value.id)}.`,
    );
  }

  const mail = exchanges.find(
    (exchange) => isRecord(exchange.value) && Array.isArray(exchange.value.messages),
  );
  if (mail === undefined) {
    if (last?.toolName !== 'tool_search')
      return call(options, step, 'tool_search', { query: mailQuery });
    const found = pickTool(last.value, ['search', 'mail']);
    if (found === undefined) return answer(options, 'tool_search found no tool to search email.');
    const query = 'from:dana subject:"quarterly review"';
    const args = hasParameter(found, 'max_results') ? { query, max_results: 5 } : { query };
    return call(options, step, 'tool_call', { name: found.name, arguments: JSON.stringify(args) });
  }

  if (last?.toolName !== 'tool_search' || last.input.query !== calendarQuery) {
    return call(options, step, 'tool_search', { query: calendarQuery });
  }
  const found = pickTool(last.value, ['create', 'calendar', 'event']);
  if (found === undefined) return answer(options, 'tool_search found no tool to create an event.');
  const messages = (mail.value as { messages: unknown[] }).messages.filter(isRecord);
  const email = messages.find(
    (message) =>
      /dana/i.test(String(message.from)) && /quarterly review/i.test(String(message.subject)),
  );
  const proposal = email === undefined ? undefined : readProposal(String(email.snippet));
  if (email === undefined || proposal === undefined) {
    return answer(options, 'I found no email from Dana proposing a time for the quarterly review.');
  }
  const attendee = /<([^>]+)>/.exec(String(email.from))?.[1];
  return call(options, step, 'tool_call', {
    name: found.name,
    arguments: JSON.stringify({
      calendar_id: 'primary',
      summary: String(email.subject),
      description: `Proposed by ${String(email.from)} in message ${String(email.id)}.`,
      ...(proposal.location !== undefined && { location: proposal.location }),
      start: { date_time: proposal.start, time_zone: proposal.timeZone },
      end: { date_time: proposal.end, time_zone: proposal.timeZone },
      ...(attendee !== undefined && { attendees: [{ email: attendee }] }),
    }),
  });
}

/** The first search result whose name and description mention every word. */
function pickTool(response: unknown, words: readonly string[]): FoundTool | undefined {
  const results = isRecord(response) && Array.isArray(response.results) ? response.results : [];
  return results.filter(isRecord).find((result) => {
    const text = `${String(result.name)} ${String(result.description)}`.toLowerCase();
    return words.every((word) => text.includes(word));
  }) as FoundTool | undefined;
}

function hasParameter(found: FoundTool, name: string): boolean {
  const properties = found.parameters?.properties;
  return properties !== undefined && Object.hasOwn(properties, name);
}

function call(
  options: CallOptions,
  step: number,
  toolName: string,
  input: unknown,
): GenerateResult {
  return {
    content: [
      { type: 'tool-call', toolCallId: `call_${step}`, toolName, input: JSON.stringify(input) },
    ],
    finishReason: { unified: 'tool-calls', raw: undefined },
    usage: usage(options, JSON.stringify(input)),
    warnings: [],
  };
}

function answer(options: CallOptions, text: string): GenerateResult {
  return {
    content: [{ type: 'text', text }],
    finishReason: { unified: 'stop', raw: 'stop' },
    usage: usage(options, text),
    warnings: [],
  };
}

/** Estimated usage, so the run's token accounting is plausible. */
function usage(options: CallOptions, output: string): GenerateResult['usage'] {
  const input = estimateTokens(JSON.stringify([options.tools, options.prompt]));
  const generated = estimateTokens(output);
  return {
    inputTokens: { total: input, noCache: input, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: generated, text: generated, reasoning: undefined },
  };
}

function formatDateTime(value: string): string {
  const date = new Date(`${value}Z`);
  if (Number.isNaN(date.getTime())) return value;
  const day = date.toLocaleDateString('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return `${day} at ${value.slice(11, 16)}`;
}
