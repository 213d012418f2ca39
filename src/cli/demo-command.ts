import {
  isStepCount,
  type LanguageModel,
  type StepResult,
  type ToolSet,
  wrapLanguageModel,
} from 'ai';
import type { MockLanguageModelV4 } from 'ai/test';
import { createCatalog } from '../catalog/create-catalog.js';
import { createDisclosure } from '../disclosure/create-disclosure.js';
import { definitionJson } from '../disclosure/definition-json.js';
import { estimateTokens } from '../disclosure/estimate-tokens.js';
import { createDemoTools, DEMO_CALENDAR_CREATE_TOOL } from '../e2e/demo-tools.js';
import { readToolExchanges } from '../e2e/read-tool-exchanges.js';
import { padWithDistractors } from '../eval/generate-distractors.js';
import { asObject, isRecord } from '../util/is-record.js';
import { stableHash } from '../util/stable-hash.js';
import { generateText } from '../wrap/generate-text.js';
import type { CliIo } from './cli-io.js';
import { CliUsageError } from './cli-usage-error.js';
import { loadCatalogFile } from './load-catalog-file.js';
import {
  hasToolSources,
  loadToolSources,
  TOOL_SOURCE_HELP,
  TOOL_SOURCE_OPTIONS,
  TOOL_SOURCE_SYNOPSIS,
  type ToolSources,
} from './load-tool-sources.js';
import { parseCommandLine } from './parse-command-line.js';
import { bundledCorpusPath } from './resolve-corpus-path.js';

/** The install command of the provider package that matches ai 7. */
const OPENAI_INSTALL = 'npm install @ai-sdk/openai@^4';

export const DEMO_USAGE = `Usage: tool-disclosure demo [--model openai:MODEL] [--json]
       [--catalog FILE] ${TOOL_SOURCE_SYNOPSIS}

Runs a multi-step generateText through the wrapper over a 1,000-tool catalog (the judged
corpus padded with distractors) on one task: find an email, then create a calendar event.
Without --model, a scripted model plays the agent: it reads every request, searches with
tool_search, picks tools from the results and calls them through tool_call; no key needed.
With --model openai:MODEL, a real OpenAI model does: set OPENAI_API_KEY and install
${OPENAI_INSTALL}.
--json prints one JSON object with every step, for scripts and tests.

Your own tools: with --catalog, --mcp, --mcp-url or --tools, those sources' tools join the demo
catalog (MCP tools run for real when the model calls them); the task stays the same, so the
scripted agent still needs the demo's mail and calendar tools, and a real model may use yours.

${TOOL_SOURCE_HELP}`;

/** The demo's task, sent to the model as the user's prompt. */
export const DEMO_TASK =
  'Find the email from Dana about the quarterly review and put the meeting she proposes on my calendar.';

/** Tools in the demo catalog: the judged corpus padded with deterministic distractors. */
const CATALOG_SIZE = 1000;
const OPENAI_PACKAGE: string = '@ai-sdk/openai';
const instructions =
  "You are the user's assistant. Today is Thursday, 5 March 2026, and the user's calendar is 'primary' in Europe/Berlin. Find tools with tool_search and run them with tool_call.";

const mailQuery = 'search email messages in the mailbox';
const calendarQuery = 'create a calendar event';

/** One tool call of a step, with what it returned. */
interface DemoToolCall {
  /** The tool the model called: `tool_search`, `tool_call`, … */
  tool: string;
  input: unknown;
  /** For `tool_call`: the real tool that ran. */
  real_tool?: string;
  /** For `tool_call`: the real tool's arguments. */
  arguments?: unknown;
  output?: unknown;
  error?: string;
}

interface DemoStep {
  number: number;
  /** The names of the tools the model was sent on this step, in order. */
  advertised: string[];
  /** A hash of the exact tool definitions the model was sent on this step. */
  advertised_hash: string;
  tool_calls: DemoToolCall[];
  text: string;
}

/** `tool-disclosure demo`: a cross-namespace task over 1,000 tools, scripted or with a real model. */
export async function demoCommand(args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandLine(
    args,
    { ...TOOL_SOURCE_OPTIONS, model: { type: 'string' }, json: { type: 'boolean' } },
    DEMO_USAGE,
  );
  if (values.help) {
    io.stdout(`${DEMO_USAGE}\n`);
    return 0;
  }
  if (positionals.length > 0) {
    throw new CliUsageError({
      message: `unexpected argument ${JSON.stringify(positionals[0])}\n\n${DEMO_USAGE}`,
    });
  }
  const modelId = parseModelFlag(values.model);
  if (!hasToolSources(values)) return await runDemo(values, modelId, undefined, io);
  const sources = await loadToolSources(values, io);
  try {
    return await runDemo(values, modelId, sources, io);
  } finally {
    await sources.close();
  }
}

async function runDemo(
  values: { json?: boolean | undefined },
  modelId: string | undefined,
  sources: ToolSources | undefined,
  io: CliIo,
): Promise<number> {
  const useOpenAi = modelId !== undefined;
  const baseModel = useOpenAi
    ? await loadOpenAiModel(modelId, openAiKey(modelId, io.environment))
    : await createScriptedModel();
  const modelName = useOpenAi ? `openai:${modelId}` : 'scripted';

  const bundled = await loadCatalogFile(bundledCorpusPath('judged-corpus'));
  // The sources' own namespaces (MCP servers, with their tools) join the demo's.
  const file = {
    tools: bundled.tools,
    namespaces: { ...bundled.namespaces, ...sources?.namespaces },
  };
  const padded = padWithDistractors(file.tools, CATALOG_SIZE);
  const definitions = [...padded, ...(sources?.definitions ?? [])];
  const extraTools = sources?.tools ?? {};
  const onWarning = (message: string) => io.stderr(`tool-disclosure: warning: ${message}\n`);
  // The same numbers as `inspect --catalog judged-corpus --distractors 1000`.
  const catalog = await createCatalog({
    definitions,
    namespaces: file.namespaces,
    tools: extraTools,
  });
  const disclosure = createDisclosure({
    catalog,
    environment: io.environment,
    onWarning,
  });

  const sent: { names: string[]; hash: string }[] = [];
  const model = wrapLanguageModel({
    model: baseModel,
    middleware: {
      specificationVersion: 'v4',
      transformParams: async ({ params }) => {
        const tools = (params.tools ?? []) as { name: string }[];
        sent.push({
          names: tools.map((tool) => tool.name),
          hash: stableHash(JSON.stringify(tools)),
        });
        return params;
      },
    },
  });

  const result = await generateText({
    model,
    instructions,
    prompt: DEMO_TASK,
    tools: { ...createDemoTools(definitions), ...extraTools },
    stopWhen: isStepCount(useOpenAi ? 12 : 8),
    toolDisclosure: { namespaces: file.namespaces, environment: io.environment, onWarning },
  });

  const steps = result.steps.map((step, index) => describeStep(step, index, sent[index]));
  const calendarCall = steps
    .flatMap((step) => step.tool_calls)
    .find((call) => call.real_tool === DEMO_CALENDAR_CREATE_TOOL && call.output !== undefined);
  const advertised = disclosure.advertised.map((tool) => ({
    name: tool.name,
    tokens: estimateTokens(definitionJson(tool)),
  }));
  const { full, advertised: advertisedTokens } = disclosure.tokens;
  const report = {
    task: DEMO_TASK,
    model: modelName,
    mode: disclosure.mode,
    catalog: {
      tools: catalog.entries.length,
      corpus: file.tools.length,
      distractors: padded.length - file.tools.length,
      ...(catalog.entries.length > padded.length && {
        sources: catalog.entries.length - padded.length,
      }),
    },
    advertised,
    tokens: {
      full,
      advertised: advertisedTokens,
      times_fewer: advertisedTokens === 0 ? null : round(full / advertisedTokens, 1),
    },
    advertised_identical_on_every_step:
      new Set(steps.map((step) => step.advertised_hash)).size === 1,
    steps,
    text: result.text,
    event_created: calendarCall !== undefined,
  };

  if (values.json) io.stdout(`${JSON.stringify(report)}\n`);
  else io.stdout(`${renderReport(report)}\n`);

  if (!report.event_created && !useOpenAi) {
    io.stderr(
      'tool-disclosure: the scripted agent did not create the event: search did not return the tools it needed.\n',
    );
    return 1;
  }
  return 0;
}

function parseModelFlag(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const match = /^openai:(\S+)$/.exec(value);
  if (match === null) {
    throw new CliUsageError({
      message: `--model must be openai:MODEL, e.g. openai:gpt-4.1-mini, got ${JSON.stringify(value)}`,
    });
  }
  return match[1];
}

type BaseModel = Parameters<typeof wrapLanguageModel>[0]['model'];

/** The OpenAI API key; a real model asked for without one is a usage error that says what to set. */
function openAiKey(modelId: string, environment: CliIo['environment']): string {
  const apiKey = environment.OPENAI_API_KEY?.trim();
  if (!apiKey) {
    throw new CliUsageError({
      message: `--model openai:${modelId} needs an OpenAI API key: set OPENAI_API_KEY, or leave out --model to run the scripted agent`,
    });
  }
  return apiKey;
}

/** Loads `@ai-sdk/openai` only when asked for, so the package stays optional. */
async function loadOpenAiModel(modelId: string, apiKey: string): Promise<BaseModel> {
  let provider: { createOpenAI?: (settings: { apiKey: string }) => (id: string) => LanguageModel };
  try {
    provider = await import(OPENAI_PACKAGE);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ERR_MODULE_NOT_FOUND') throw error;
    throw new CliUsageError({
      message: `--model openai:${modelId} needs the @ai-sdk/openai package, which is not installed.\nInstall it with: ${OPENAI_INSTALL}`,
      cause: error,
    });
  }
  if (typeof provider.createOpenAI !== 'function') {
    throw new CliUsageError({ message: '@ai-sdk/openai does not export createOpenAI' });
  }
  return provider.createOpenAI({ apiKey })(modelId) as BaseModel;
}

// ---------------------------------------------------------------------------
// The scripted agent

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
async function createScriptedModel(): Promise<MockLanguageModelV4> {
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

const months = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/** Reads "10 March 2026 at 10:00 (Europe/Berlin)", "60 minutes" and "room 4.12" from an email. */
function readProposal(
  text: string,
): { start: string; end: string; timeZone: string; location: string | undefined } | undefined {
  const when = /(\d{1,2}) ([A-Za-z]+) (\d{4}) at (\d{1,2}):(\d{2})(?: \(([\w/+-]+)\))?/.exec(text);
  if (when === null) return undefined;
  const [, day, monthName, year, hour, minute, timeZone] = when;
  const month = months.indexOf(String(monthName).toLowerCase());
  if (month < 0) return undefined;
  const minutes = Number(/(\d+) minutes/.exec(text)?.[1] ?? 60);
  const start = Date.UTC(Number(year), month, Number(day), Number(hour), Number(minute));
  const local = (time: number) => new Date(time).toISOString().slice(0, 19);
  return {
    start: local(start),
    end: local(start + minutes * 60_000),
    timeZone: timeZone ?? 'UTC',
    location: /\b(room [\w.]+\w)/i.exec(text)?.[1],
  };
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

// ---------------------------------------------------------------------------
// Reporting

function describeStep(
  step: StepResult<ToolSet>,
  index: number,
  sent: { names: string[]; hash: string } | undefined,
): DemoStep {
  const outcomes = new Map<string, { output?: unknown; error?: string }>();
  for (const part of step.content) {
    if (part.type === 'tool-result' && part.preliminary !== true) {
      outcomes.set(part.toolCallId, { output: part.output });
    }
    if (part.type === 'tool-error') {
      outcomes.set(part.toolCallId, { error: errorText(part.error) });
    }
  }
  const tool_calls = step.content.flatMap((part): DemoToolCall[] => {
    if (part.type !== 'tool-call') return [];
    const input = asObject(part.input);
    const bridged =
      part.toolName === 'tool_call'
        ? { real_tool: String(input.name), arguments: asObject(input.arguments) }
        : {};
    return [{ tool: part.toolName, input, ...bridged, ...outcomes.get(part.toolCallId) }];
  });
  return {
    number: index + 1,
    advertised: sent?.names ?? [],
    advertised_hash: sent?.hash ?? '',
    tool_calls,
    text: step.text,
  };
}

interface Report {
  task: string;
  model: string;
  mode: string;
  /** `sources`: tools from --catalog, --mcp, --mcp-url and --tools, when any. */
  catalog: { tools: number; corpus: number; distractors: number; sources?: number };
  advertised: { name: string; tokens: number }[];
  tokens: { full: number; advertised: number; times_fewer: number | null };
  advertised_identical_on_every_step: boolean;
  steps: DemoStep[];
  text: string;
  event_created: boolean;
}

const width = 100;

function renderReport(report: Report): string {
  const { tokens, catalog } = report;
  const nameWidth = Math.max(...report.advertised.map((tool) => tool.name.length), 5);
  const numberWidth = count(tokens.advertised).length;
  const share = tokens.full === 0 ? 100 : (100 * tokens.advertised) / tokens.full;
  const lines = [
    'tool-disclosure demo',
    ...wrap(`task:    ${report.task}`, '         '),
    `model:   ${report.model === 'scripted' ? 'scripted agent (no OPENAI_API_KEY or no --model openai:MODEL)' : report.model}`,
    `catalog: ${count(catalog.tools)} tools (${catalog.corpus} from the judged corpus + ${catalog.distractors} distractors${catalog.sources === undefined ? '' : ` + ${catalog.sources} from your sources`}), mode ${report.mode}`,
    '',
    'Advertised to the model:',
    ...report.advertised.map(
      (tool) =>
        `  ${tool.name.padEnd(nameWidth)}  ${count(tool.tokens).padStart(numberWidth)} tokens`,
    ),
    `  ${'total'.padEnd(nameWidth)}  ${count(tokens.advertised).padStart(numberWidth)} tokens, against ${count(tokens.full)} for all ${count(catalog.tools)} tools (${share.toFixed(1)}%, ${tokens.times_fewer}x fewer)`,
    '',
  ];
  for (const step of report.steps) {
    const label = `Step ${step.number}`.padEnd(8);
    const pad = ' '.repeat(label.length);
    if (step.tool_calls.length === 0) {
      lines.push(...wrap(`${label}answer: ${step.text}`, pad));
      continue;
    }
    for (const [index, toolCall] of step.tool_calls.entries()) {
      const head = index === 0 ? label : pad;
      if (toolCall.real_tool !== undefined) {
        lines.push(`${head}tool_call -> ${toolCall.real_tool}`);
        lines.push(...wrap(`${pad}arguments: ${abbreviate(toolCall.arguments, 240)}`, `${pad}  `));
      } else {
        lines.push(
          `${head}${toolCall.tool}  ${abbreviate(toolCall.input, width - 12 - toolCall.tool.length)}`,
        );
      }
      if (toolCall.error !== undefined) {
        lines.push(...wrap(`${pad}error: ${toolCall.error}`, `${pad}       `));
      } else if (toolCall.tool === 'tool_search') {
        const results =
          isRecord(toolCall.output) && Array.isArray(toolCall.output.results)
            ? toolCall.output.results.filter(isRecord).map((result) => String(result.name))
            : [];
        const shown = results.slice(0, 5).join(', ');
        const more = results.length > 5 ? `, … (${results.length} results)` : '';
        lines.push(
          ...wrap(
            `${pad}found: ${results.length === 0 ? 'nothing' : `${shown}${more}`}`,
            `${pad}       `,
          ),
        );
      } else if (toolCall.real_tool !== undefined) {
        lines.push(`${pad}${toolCall.real_tool} returned:`);
        lines.push(...jsonBlock(toolCall.output, `${pad}  `));
      } else {
        lines.push(`${pad}returned: ${abbreviate(toolCall.output, width - 20)}`);
      }
    }
    if (step.text !== '') lines.push(...wrap(`${pad}text: ${step.text}`, pad));
  }
  const hashes = new Set(report.steps.map((step) => step.advertised_hash));
  lines.push(
    '',
    report.advertised_identical_on_every_step
      ? `The tools sent to the model were identical on all ${report.steps.length} steps (hash ${[...hashes][0]?.slice(0, 12)}).`
      : `The tools sent to the model changed between steps (${hashes.size} different sets).`,
    report.event_created ? 'The calendar event was created.' : 'No calendar event was created.',
  );
  return lines.join('\n');
}

/** Compact JSON, cut with an ellipsis past `max` characters. */
function abbreviate(value: unknown, max: number): string {
  const text = JSON.stringify(value) ?? 'undefined';
  return text.length <= Math.max(max, 40) ? text : `${text.slice(0, Math.max(max, 40) - 1)}…`;
}

/** Indented JSON with long lines wrapped, at most 30 lines. */
function jsonBlock(value: unknown, indent: string): string[] {
  const lines = (JSON.stringify(value, null, 2) ?? 'undefined')
    .split('\n')
    .flatMap((line) => wrap(`${indent}${line}`, `${indent}${' '.repeat(line.search(/\S|$/) + 2)}`));
  return lines.length <= 30
    ? lines
    : [...lines.slice(0, 29), `${indent}… (${lines.length - 29} more lines)`];
}

/** Wraps a line at spaces to the terminal width; continuation lines start with `indent`. */
function wrap(line: string, indent: string): string[] {
  const lines: string[] = [];
  let rest = line;
  while (rest.length > width) {
    const space = rest.lastIndexOf(' ', width);
    // Words longer than a line (compact JSON) are cut where the line ends.
    const cut = space > indent.length ? space : width;
    lines.push(rest.slice(0, cut));
    rest = `${indent}${rest.slice(space > indent.length ? cut + 1 : cut)}`;
  }
  lines.push(rest);
  return lines;
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

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A number with thousands separators. */
function count(value: number): string {
  return value.toLocaleString('en-US');
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
