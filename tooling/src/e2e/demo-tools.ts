import { jsonSchema, type Tool, type ToolSet, tool } from 'ai';
import type { ToolDefinition } from 'tool-disclosure/catalog';
import { stableHash } from 'tool-disclosure/util';

/** The demo's Gmail search tool, the one of the task's two tools that reads mail. */
export const DEMO_MAIL_SEARCH_TOOL = 'gmail__search_messages';

/** The demo's calendar tool, the one of the task's two tools that writes. */
export const DEMO_CALENDAR_CREATE_TOOL = 'google-calendar__create_event';

/** What every demo tool without a backend returns. */
export const DEMO_NO_BACKEND_RESULT = Object.freeze({
  demo: true,
  note: 'this demo tool has no backend',
});

/** One message of the demo mailbox, as `gmail__search_messages` returns it. */
export interface DemoMessage {
  readonly id: string;
  readonly thread_id: string;
  readonly from: string;
  readonly to: string;
  readonly subject: string;
  readonly date: string;
  readonly snippet: string;
}

/** The demo's fixed, in-memory mailbox; only one message is from Dana about the quarterly review. */
export const DEMO_MAILBOX: readonly DemoMessage[] = Object.freeze([
  {
    id: 'msg_18c2f0a1',
    thread_id: 'thr_18c2f0a1',
    from: 'Dana Whitfield <dana.whitfield@example.com>',
    to: 'you@example.com',
    subject: 'Quarterly review',
    date: '2026-03-04T16:12:00+01:00',
    snippet:
      'Hi! Could we hold the quarterly review on Tuesday, 10 March 2026 at 10:00 (Europe/Berlin)? 60 minutes should do, in room 4.12. Dana',
  },
  {
    id: 'msg_18c2e77b',
    thread_id: 'thr_18c2e77b',
    from: 'Dana Whitfield <dana.whitfield@example.com>',
    to: 'you@example.com',
    subject: 'Lunch on Friday?',
    date: '2026-03-03T12:40:00+01:00',
    snippet: 'The new ramen place opens on Friday. Interested?',
  },
  {
    id: 'msg_18c2d310',
    thread_id: 'thr_18c2d310',
    from: 'Sam Okafor <sam.okafor@example.com>',
    to: 'you@example.com',
    subject: 'Quarterly review slides',
    date: '2026-03-02T09:05:00+01:00',
    snippet: 'Here are the draft slides for the quarterly review; comments welcome.',
  },
]);

/**
 * Turns tool definitions into AI SDK tools, keyed by wire name. The task's two
 * tools work on deterministic in-memory data; every other tool answers
 * `DEMO_NO_BACKEND_RESULT`.
 *
 * @example
 * const tools = createDemoTools(padWithDistractors(corpus.tools, 1000));
 */
export function createDemoTools(definitions: readonly ToolDefinition[]): ToolSet {
  const tools: Record<string, Tool> = {};
  for (const definition of definitions) {
    const execute = Object.hasOwn(executors, definition.name)
      ? (executors[definition.name] as Executor)
      : async () => DEMO_NO_BACKEND_RESULT;
    const demoTool = tool({
      description: definition.description ?? '',
      inputSchema: jsonSchema(definition.parameters ?? { type: 'object', properties: {} }),
      execute: (input: unknown) => execute(asRecord(input)),
      // The catalog reads aliases and tags from metadata, so search uses them as in `eval`.
      metadata: { aliases: definition.aliases ?? [], tags: definition.tags ?? [] },
    });
    Object.defineProperty(tools, definition.name, {
      value: demoTool,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return tools;
}

type Executor = (input: Record<string, unknown>) => Promise<unknown>;

const executors: Record<string, Executor> = {
  [DEMO_MAIL_SEARCH_TOOL]: async (input) => searchMailbox(input),
  [DEMO_CALENDAR_CREATE_TOOL]: async (input) => createEvent(input),
};

/** A small Gmail search: `from:`, `to:` and `subject:` operators and free words; other operators are ignored. */
function searchMailbox(input: Record<string, unknown>) {
  const query = typeof input.query === 'string' ? input.query : '';
  const limit =
    typeof input.max_results === 'number' && input.max_results > 0 ? input.max_results : 10;
  const terms = [...query.matchAll(/(?:(\w+):)?(?:"([^"]*)"|(\S+))/g)].map((match) => ({
    field: match[1]?.toLowerCase(),
    text: (match[2] ?? match[3] ?? '').toLowerCase(),
  }));
  const messages = DEMO_MAILBOX.filter((message) =>
    terms.every(({ field, text }) => {
      if (field === 'from' || field === 'to' || field === 'subject') {
        return message[field].toLowerCase().includes(text);
      }
      if (field !== undefined) return true;
      return `${message.from} ${message.subject} ${message.snippet}`.toLowerCase().includes(text);
    }),
  ).slice(0, limit);
  return { messages, result_size_estimate: messages.length };
}

function createEvent(input: Record<string, unknown>) {
  const id = `evt_${stableHash(JSON.stringify(input)).slice(0, 12)}`;
  return {
    id,
    status: 'confirmed',
    calendar_id: typeof input.calendar_id === 'string' ? input.calendar_id : 'primary',
    html_link: `https://calendar.example.com/event?eid=${id}`,
    ...input,
  };
}

function asRecord(value: unknown): Record<string, unknown> {
  return value != null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
}
