type StopCondition = (options: { steps: readonly unknown[] }) => unknown;

/** Content parts that name the tool of a call. */
const toolPartTypes = new Set(['tool-call', 'tool-result', 'tool-error']);

/**
 * The user's `stopWhen`, seeing every call of a real tool as plain `ai` would
 * show it below the caps: under the tool's name there (its key in the user's
 * `tools`, from `nameOf`, given the wire name the call carries), and a call
 * made through `tool_call` as that tool's direct call, with the tool's own
 * arguments as input. So `hasToolCall('task.finish')` stops the loop whether
 * the tool was advertised, found through the bridges, or the catalog is
 * below the caps. Calls of names `nameOf` does not know are shown as made.
 */
export function createStopConditions(
  stopWhen: unknown,
  nameOf: (wireName: unknown) => string | undefined,
): unknown {
  if (typeof stopWhen === 'function') return viewing(stopWhen as StopCondition, nameOf);
  if (Array.isArray(stopWhen)) {
    return stopWhen.map((condition: unknown) =>
      typeof condition === 'function' ? viewing(condition as StopCondition, nameOf) : condition,
    );
  }
  return stopWhen;
}

function viewing(
  condition: StopCondition,
  nameOf: (wireName: unknown) => string | undefined,
): StopCondition {
  return ({ steps, ...rest }) =>
    condition({ ...rest, steps: steps.map((step) => asDirect(step, nameOf)) });
}

/** The step, with its calls shown under the user's names; the step itself is left unchanged. */
function asDirect(step: unknown, nameOf: (wireName: unknown) => string | undefined): unknown {
  const content: unknown = (step as { content?: unknown } | null)?.content;
  if (!Array.isArray(content)) return step;
  let changed = false;
  const direct = content.map((part: unknown) => {
    const shown = asDirectPart(part, nameOf);
    if (shown !== part) changed = true;
    return shown;
  });
  // The step's getters (toolCalls, toolResults, …) read `content`, so they see the direct calls too.
  return changed
    ? Object.create(step as object, { content: { value: direct, enumerable: true } })
    : step;
}

function asDirectPart(part: unknown, nameOf: (wireName: unknown) => string | undefined): unknown {
  const { type, toolName, input } = (part ?? {}) as {
    type?: unknown;
    toolName?: unknown;
    input?: unknown;
  };
  if (!toolPartTypes.has(type as string)) return part;
  if (toolName !== 'tool_call') {
    const name = nameOf(toolName);
    return name === undefined || name === toolName ? part : { ...(part as object), toolName: name };
  }
  const { name: called, arguments: args } = (input ?? {}) as {
    name?: unknown;
    arguments?: unknown;
  };
  const name = nameOf(called);
  return name === undefined ? part : { ...(part as object), toolName: name, input: args ?? {} };
}
