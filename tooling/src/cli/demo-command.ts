import { isStepCount } from 'ai';
import { createCatalog } from 'tool-disclosure/catalog';
import { createDisclosure, definitionJson, estimateTokens } from 'tool-disclosure/disclosure';
import { generateText } from 'tool-disclosure/wrap';
import { createDemoTools, DEMO_CALENDAR_CREATE_TOOL } from '../e2e/demo-tools.js';
import { padWithDistractors } from '../eval/generate-distractors.js';
import type { CliIo } from './cli-io.js';
import { createScriptedModel } from './create-scripted-model.js';
import { type CliCommand, defineCommand } from './define-command.js';
import { describeStep } from './describe-demo-step.js';
import { loadCatalogFile } from './load-catalog-file.js';
import {
  loadOpenAiModel,
  OPENAI_INSTALL,
  openAiKey,
  parseModelFlag,
} from './load-open-ai-model.js';
import { loadToolSources, type ToolSources } from './load-tool-sources.js';
import { recordModelCalls } from './record-model-calls.js';
import { renderDemoReport } from './render-demo-report.js';
import { bundledCorpusPath } from './resolve-corpus-path.js';
import {
  hasToolSources,
  OPTIONAL_TOOL_SOURCE_HELP,
  TOOL_SOURCE_OPTIONS,
  TOOL_SOURCE_SYNOPSIS,
} from './tool-source-flags.js';

export const DEMO_USAGE = `Usage: tool-disclosure demo [--model openai:MODEL] [--json]
       [--catalog FILE] ${TOOL_SOURCE_SYNOPSIS}

Runs a multi-step generateText through the wrapper over a 1,000-tool catalog (the judged
corpus padded with distractors) on one task: find an email, then create a calendar event.
Without --model, a scripted model plays the agent: it reads every request, searches with
tool_search, picks tools from the results and calls them through tool_call; no key needed.
Each step shows the call as the model made it (tool_call -> the tool it named) and as the app
saw it: a call of its own tool, with that tool's arguments and result.
With --model openai:MODEL, a real OpenAI model does: set OPENAI_API_KEY and install
${OPENAI_INSTALL}.
--json prints one JSON object with every step, for scripts and tests.

Your own tools: with --catalog, --mcp, --mcp-url or --tools, those sources' tools join the demo
catalog (MCP tools run for real when the model calls them); the task stays the same, so the
scripted agent still needs the demo's mail and calendar tools, and a real model may use yours.

${OPTIONAL_TOOL_SOURCE_HELP}`;

/** The demo's task, sent to the model as the user's prompt. */
export const DEMO_TASK =
  'Find the email from Dana about the quarterly review and put the meeting she proposes on my calendar.';

/** Tools in the demo catalog: the judged corpus padded with deterministic distractors. */
const CATALOG_SIZE = 1000;
const instructions =
  "You are the user's assistant. Today is Thursday, 5 March 2026, and the user's calendar is 'primary' in Europe/Berlin. Find tools with tool_search and run them with tool_call.";

/** `tool-disclosure demo`: a cross-namespace task over 1,000 tools, scripted or with a real model. */
export const demoCommand: CliCommand = defineCommand(
  {
    usage: DEMO_USAGE,
    options: { ...TOOL_SOURCE_OPTIONS, model: { type: 'string' }, json: { type: 'boolean' } },
  },
  async ({ values }, io) => {
    const modelId = parseModelFlag(values.model);
    if (!hasToolSources(values)) return await runDemo(values, modelId, undefined, io);
    const sources = await loadToolSources(values, io);
    try {
      return await runDemo(values, modelId, sources, io);
    } finally {
      await sources.close();
    }
  },
);

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

  // Inside the wrapper's middleware: what the model was sent and what it answered, in its terms.
  const { model, calls } = recordModelCalls(baseModel);

  const result = await generateText({
    model,
    instructions,
    prompt: DEMO_TASK,
    tools: { ...createDemoTools(definitions), ...extraTools },
    stopWhen: isStepCount(useOpenAi ? 12 : 8),
    toolDisclosure: { namespaces: file.namespaces, environment: io.environment, onWarning },
  });

  const steps = result.steps.map((step, index) => describeStep(step, index, calls[index]));
  // The app's tool that ran: the one the model reached through tool_call, or called itself.
  const calendarCall = steps
    .flatMap((step) => step.tool_calls)
    .find(
      (call) =>
        (call.real_tool ?? call.tool) === DEMO_CALENDAR_CREATE_TOOL && call.output !== undefined,
    );
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
  else io.stdout(`${renderDemoReport(report)}\n`);

  if (!report.event_created && !useOpenAi) {
    io.stderr(
      'tool-disclosure: the scripted agent did not create the event: search did not return the tools it needed.\n',
    );
    return 1;
  }
  return 0;
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
