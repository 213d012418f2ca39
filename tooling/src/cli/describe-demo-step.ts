import type { StepResult, ToolSet } from 'ai';
import { BRIDGE_TOOL_NAMES } from 'tool-disclosure/catalog';
import { asObject } from 'tool-disclosure/util';
import type { RecordedModelCall, WrittenToolCall } from './record-model-calls.js';

const bridgeNames: readonly string[] = BRIDGE_TOOL_NAMES;

/** One tool call of a step, with what it returned. */
export interface DemoToolCall {
  /** The tool the model called, by the name it used: `tool_search`, `tool_call`, … */
  tool: string;
  /** What the model sent that tool (`tool_call` arguments written as JSON text, parsed). */
  input: unknown;
  /**
   * When the model reached one of the app's tools under another name (through
   * `tool_call`, or by another spelling of the tool's name): that tool, under
   * the app's name for it. The app saw, and ran, a call of this tool.
   */
  real_tool?: string;
  /** With `real_tool`: the input that tool ran with, as the app saw it. */
  arguments?: unknown;
  /** What the call returned, as the app saw it. */
  output?: unknown;
  /** How the call failed, as the app saw it. */
  error?: string;
}

/** One step of the demo's run: what the model was sent, the tools it called and its text. */
export interface DemoStep {
  number: number;
  /** The names of the tools the model was sent on this step, in order. */
  advertised: string[];
  /** A hash of the exact tool definitions the model was sent on this step. */
  advertised_hash: string;
  tool_calls: DemoToolCall[];
  text: string;
}

/**
 * A step of the run as the demo reports it: each tool call as the model made
 * it (from `modelCall`, the step's model call as a middleware recorded it)
 * and, when the app saw it as a call of another tool, that tool with its input,
 * output or error (from the step, the app's view).
 */
export function describeStep(
  step: StepResult<ToolSet>,
  index: number,
  modelCall: RecordedModelCall | undefined,
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
  const written = new Map(modelCall?.toolCalls.map((call) => [call.toolCallId, call]));
  const tool_calls = step.content.flatMap((part): DemoToolCall[] => {
    if (part.type !== 'tool-call') return [];
    const asWritten = written.get(part.toolCallId);
    const tool = asWritten?.toolName ?? part.toolName;
    const input = asWritten === undefined ? asObject(part.input) : writtenInput(asWritten);
    // A bridge the app sees is one the model called, or a call the wrapper refused: no tool ran.
    const real =
      tool !== part.toolName && !bridgeNames.includes(part.toolName)
        ? { real_tool: part.toolName, arguments: asObject(part.input) }
        : {};
    return [{ tool, input, ...real, ...outcomes.get(part.toolCallId) }];
  });
  return {
    number: index + 1,
    advertised: modelCall?.names ?? [],
    advertised_hash: modelCall?.hash ?? '',
    tool_calls,
    text: step.text,
  };
}

/** The input as the model wrote it; `tool_call` arguments written as JSON text are shown parsed. */
function writtenInput({ toolName, input }: WrittenToolCall): Record<string, unknown> {
  const written = asObject(input);
  if (toolName !== 'tool_call' || typeof written.arguments !== 'string') return written;
  try {
    return { ...written, arguments: JSON.parse(written.arguments) };
  } catch {
    return written;
  }
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
