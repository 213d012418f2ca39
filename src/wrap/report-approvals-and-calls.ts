import type { AppNames } from './create-app-names.js';
import { readApprovalAnswers } from './read-approval-answers.js';
import { asRecord, type SettingsRecord } from './rekey-settings.js';
import type { EmitEvent } from './tool-disclosure-event.js';
import type { ToolDisclosureParams } from './tool-disclosure-options.js';

/**
 * The callbacks that report approvals asked (read from each step's content)
 * and answered (read from the messages a request resumes with), and the calls
 * of undisclosed tools that ran, calling the app's own callbacks too.
 */
export function reportedApprovalsAndCalls(
  params: ToolDisclosureParams,
  names: AppNames,
  emit: EmitEvent,
): SettingsRecord {
  for (const { name, approved } of readApprovalAnswers(params.messages)) {
    emit({ type: 'approval-answered', tool: names.entryOf(name)?.wireName, approved });
  }
  // The SDK calls onStepEnd instead of the deprecated onStepFinish: call the app's either way.
  const userStepEnd = params.onStepEnd ?? params.onStepFinish;
  const userExecutionEnd = params.onToolExecutionEnd ?? params.experimental_onToolCallFinish;
  return {
    onStepEnd: async (step: SettingsRecord) => {
      for (const part of Array.isArray(step?.content) ? step.content : []) {
        const { type, toolCall } = asRecord(part);
        if (type !== 'tool-approval-request') continue;
        const tool = names.entryOf(asRecord(toolCall).toolName)?.wireName;
        if (tool !== undefined) emit({ type: 'approval-requested', tool });
      }
      if (typeof userStepEnd === 'function')
        await (userStepEnd as (step: unknown) => unknown)(step);
    },
    onToolExecutionEnd: async (event: SettingsRecord) => {
      const { toolCall, toolOutput, toolExecutionMs } = event;
      const tool = names.entryOf(asRecord(toolCall).toolName)?.wireName;
      if (tool !== undefined) {
        emit({
          type: 'call',
          tool,
          outcome: succeeded(asRecord(toolOutput)) ? 'result' : 'execution_failed',
          ms: typeof toolExecutionMs === 'number' ? toolExecutionMs : 0,
        });
      }
      if (typeof userExecutionEnd === 'function') {
        await (userExecutionEnd as (event: unknown) => unknown)(event);
      }
    },
  };
}

/** Whether a tool's output is a success: a result, and not an MCP result marked `isError`. */
function succeeded(toolOutput: SettingsRecord): boolean {
  return toolOutput.type === 'tool-result' && asRecord(toolOutput.output).isError !== true;
}
