import type { ToolResolver } from '../bridge/resolve-tool-name.js';
import { tryResolveTool } from './try-resolve-tool.js';

type StopCondition = (options: { steps: readonly unknown[] }) => unknown;

/** Content parts that name the tool of a call. */
const toolPartTypes = new Set(['tool-call', 'tool-result', 'tool-error']);

/**
 * The user's `stopWhen`, seeing every call made through `tool_call` as the
 * direct call of the real tool it ran: under the tool's wire name, with the
 * tool's own arguments as input. So `hasToolCall('finish')` stops the loop
 * whether `finish` was advertised or reached through the bridges. Calls whose
 * name resolves to no authorized tool are shown as they were made.
 */
export function createStopConditions(stopWhen: unknown, resolver: ToolResolver): unknown {
  if (typeof stopWhen === 'function') return viewing(stopWhen as StopCondition, resolver);
  if (Array.isArray(stopWhen)) {
    return stopWhen.map((condition: unknown) =>
      typeof condition === 'function' ? viewing(condition as StopCondition, resolver) : condition,
    );
  }
  return stopWhen;
}

function viewing(condition: StopCondition, resolver: ToolResolver): StopCondition {
  return ({ steps, ...rest }) =>
    condition({ ...rest, steps: steps.map((step) => asDirect(step, resolver)) });
}

/** The step, with its bridged calls shown as direct calls; the step itself is left unchanged. */
function asDirect(step: unknown, resolver: ToolResolver): unknown {
  const content: unknown = (step as { content?: unknown } | null)?.content;
  if (!Array.isArray(content)) return step;
  let changed = false;
  const direct = content.map((part: unknown) => {
    const bridged = asDirectPart(part, resolver);
    if (bridged !== part) changed = true;
    return bridged;
  });
  // The step's getters (toolCalls, toolResults, …) read `content`, so they see the direct calls too.
  return changed
    ? Object.create(step as object, { content: { value: direct, enumerable: true } })
    : step;
}

function asDirectPart(part: unknown, resolver: ToolResolver): unknown {
  const { type, toolName, input } = (part ?? {}) as {
    type?: unknown;
    toolName?: unknown;
    input?: unknown;
  };
  if (!toolPartTypes.has(type as string) || toolName !== 'tool_call') return part;
  const { name, arguments: args } = (input ?? {}) as { name?: unknown; arguments?: unknown };
  const entry = tryResolveTool(resolver, name);
  return entry === undefined
    ? part
    : { ...(part as object), toolName: entry.wireName, input: args ?? {} };
}
