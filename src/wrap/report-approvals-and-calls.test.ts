import { jsonSchema, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { reportedApprovalsAndCalls } from './report-approvals-and-calls.js';
import { requestNames } from './request-names.case.js';
import type { ToolDisclosureEvent } from './tool-disclosure-event.js';

const anyObject = jsonSchema({ type: 'object' });
const { names } = requestNames({
  'pay.refund': tool({ description: 'Refund.', inputSchema: anyObject }),
  'mail.send': tool({ description: 'Send.', inputSchema: anyObject }),
});

/** The callbacks over `params`, the events they emit and the app callbacks they called. */
function report(params: Record<string, unknown>) {
  const events: ToolDisclosureEvent[] = [];
  const callbacks = reportedApprovalsAndCalls(params as never, names, (event) =>
    events.push(event),
  );
  return {
    events,
    onStepEnd: callbacks.onStepEnd as (step: unknown) => Promise<void>,
    onToolExecutionEnd: callbacks.onToolExecutionEnd as (event: unknown) => Promise<void>,
  };
}

describe('reportedApprovalsAndCalls', () => {
  it('reports the approval answers a request resumes with, by wire name', () => {
    const { events } = report({
      messages: [
        {
          role: 'assistant',
          content: [
            { type: 'tool-call', toolCallId: 'c1', toolName: 'pay.refund', input: {} },
            { type: 'tool-approval-request', approvalId: 'a1', toolCallId: 'c1' },
          ],
        },
        {
          role: 'tool',
          content: [{ type: 'tool-approval-response', approvalId: 'a1', approved: false }],
        },
      ],
    });
    expect(events).toEqual([{ type: 'approval-answered', tool: 'pay__refund', approved: false }]);
  });

  it("reports approvals asked in a step, then calls the app's onStepEnd (or deprecated onStepFinish)", async () => {
    const seen: unknown[] = [];
    const step = {
      content: [
        { type: 'tool-approval-request', toolCall: { toolName: 'pay.refund' } },
        { type: 'tool-approval-request', toolCall: { toolName: 'tool_search' } },
        { type: 'text', text: 'ok' },
      ],
    };
    const { events, onStepEnd } = report({ onStepFinish: (value: unknown) => seen.push(value) });
    await onStepEnd(step);
    expect(events).toEqual([{ type: 'approval-requested', tool: 'pay__refund' }]);
    expect(seen).toEqual([step]);
  });

  it("reports each call of an app tool with its outcome and time, then calls the app's callback", async () => {
    const seen: unknown[] = [];
    const { events, onToolExecutionEnd } = report({
      onToolExecutionEnd: (value: unknown) => seen.push(value),
    });
    const ran = {
      toolCall: { toolName: 'mail.send' },
      toolOutput: { type: 'tool-result', output: 'sent' },
      toolExecutionMs: 12,
    };
    const mcpFailure = {
      toolCall: { toolName: 'mail.send' },
      toolOutput: { type: 'tool-result', output: { isError: true, content: [] } },
    };
    const threw = { toolCall: { toolName: 'pay.refund' }, toolOutput: { type: 'tool-error' } };
    const bridge = { toolCall: { toolName: 'tool_search' }, toolOutput: { type: 'tool-result' } };
    for (const event of [ran, mcpFailure, threw, bridge]) await onToolExecutionEnd(event);
    expect(events).toEqual([
      { type: 'call', tool: 'mail__send', outcome: 'result', ms: 12 },
      { type: 'call', tool: 'mail__send', outcome: 'execution_failed', ms: 0 },
      { type: 'call', tool: 'pay__refund', outcome: 'execution_failed', ms: 0 },
    ]);
    expect(seen).toEqual([ran, mcpFailure, threw, bridge]);
  });
});
