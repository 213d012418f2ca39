import { describe, expect, it } from 'vitest';
import { readApprovalAnswers } from './read-approval-answers.js';

const assistant = (...content: unknown[]) => ({ role: 'assistant', content });
const tool = (...content: unknown[]) => ({ role: 'tool', content });

describe('readApprovalAnswers', () => {
  it('pairs each answer with the tool its request was for: a direct call, or the tool tool_call named', () => {
    const messages = [
      assistant(
        { type: 'tool-call', toolCallId: 'c1', toolName: 'pay.refund', input: { amount: 5 } },
        {
          type: 'tool-call',
          toolCallId: 'c2',
          toolName: 'tool_call',
          input: { name: 'mail.send', arguments: {} },
        },
        { type: 'tool-approval-request', approvalId: 'a1', toolCallId: 'c1' },
        { type: 'tool-approval-request', approvalId: 'a2', toolCallId: 'c2' },
      ),
      tool(
        { type: 'tool-approval-response', approvalId: 'a2', approved: true },
        { type: 'tool-approval-response', approvalId: 'a1', approved: false },
      ),
    ];
    expect(readApprovalAnswers(messages)).toEqual([
      { name: 'mail.send', approved: true },
      { name: 'pay.refund', approved: false },
    ]);
  });

  it('answers an unknown request with no name, and takes only `approved: true` as approval', () => {
    const messages = [
      tool(
        { type: 'tool-approval-response', approvalId: 'missing', approved: true },
        { type: 'tool-approval-response', approvalId: 'missing', approved: 'yes' },
      ),
    ];
    expect(readApprovalAnswers(messages)).toEqual([
      { name: undefined, approved: true },
      { name: undefined, approved: false },
    ]);
  });

  it('reads nothing from what is not a conversation', () => {
    expect(readApprovalAnswers(undefined)).toEqual([]);
    expect(readApprovalAnswers([null, { content: 'text' }, tool(null, 7)])).toEqual([]);
  });
});
