import type { StepResult, ToolSet } from 'ai';
import { asObject } from '../util/is-record.js';

/** One tool call of a step, with what it returned. */
export interface DemoToolCall {
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

/** A step of the run as the demo reports it, with the tools it was sent (`sent`, recorded by a middleware). */
export function describeStep(
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

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
