import { isStepCount, type Tool } from 'ai';
import { generateText, streamText, type ToolDisclosureOptions } from '../src/index.js';
import { type Call, type Kind, scriptedModel } from '../src/wrap/scripted-model.case.js';

/** What searches through the public entry point returned, in order, and the warnings. */
export interface Searched {
  /** Each search's tool result, as JSON; an error part is `error: ...`. */
  readonly results: readonly string[];
  readonly warnings: readonly string[];
}

/**
 * Searches `searches` through the public `generateText` or `streamText`, one
 * `tool_search` call a step, with `tools` and `toolDisclosure`; a stream's
 * error part fails the search.
 */
export async function searchThroughWrapper(
  kind: Kind,
  tools: Record<string, Tool>,
  searches: readonly string[],
  toolDisclosure: ToolDisclosureOptions,
): Promise<Searched> {
  const warnings: string[] = [];
  const settings = {
    model: scriptedModel(kind, [
      ...searches.map((query, step): Call[] => [[`s${step}`, 'tool_search', { query }]]),
      [],
    ]),
    tools,
    prompt: 'Help me.',
    stopWhen: isStepCount(searches.length + 1),
    toolDisclosure: { onWarning: (message: string) => warnings.push(message), ...toolDisclosure },
  };
  let content: { type: string; output?: unknown; error?: unknown }[];
  if (kind === 'generateText') {
    content = (await generateText(settings)).steps.flatMap((step) => step.content);
  } else {
    const result = streamText(settings);
    for await (const part of result.fullStream) {
      if (part.type === 'error') throw part.error;
    }
    content = (await result.steps).flatMap((step) => step.content);
  }
  const results = content.flatMap((part) =>
    part.type === 'tool-result'
      ? [JSON.stringify(part.output)]
      : part.type === 'tool-error'
        ? [`error: ${String((part.error as Error)?.message ?? part.error)}`]
        : [],
  );
  return { results, warnings };
}
