import { jsonSchema, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { InvalidOptionError } from '../error/invalid-option-error.js';
import { composeToolApproval } from './compose-tool-approval.js';
import { requestNames } from './request-names.case.js';

const anyObject = jsonSchema({ type: 'object' });
const tools = {
  'mail.send': tool({ description: 'Send an email.', inputSchema: anyObject }),
  'mail.list': tool({
    description: 'List emails.',
    inputSchema: anyObject,
    metadata: { annotations: { readOnlyHint: true } },
  }),
  'mail.purge': tool({
    description: 'Purge the trash.',
    inputSchema: anyObject,
    needsApproval: false,
  }),
};
const { names, toolOf } = requestNames(tools);
const call = (toolName: string) => ({ toolCall: { toolName } });

describe('composeToolApproval', () => {
  it("hands ai the app's function as it is below the caps", () => {
    const decide = () => 'user-approval';
    const composed = composeToolApproval({
      userApproval: decide,
      names,
      toolOf,
      requireApprovalFor: undefined,
    });
    expect(composed).toBe(decide);
  });

  it("never asks the app's function about the bridges above the caps, and asks it about every other call", () => {
    const asked: string[] = [];
    const composed = composeToolApproval({
      userApproval: ({ toolCall }: { toolCall: { toolName: string } }) => {
        asked.push(toolCall.toolName);
        return 'denied';
      },
      names,
      toolOf,
      requireApprovalFor: undefined,
      bridged: true,
    }) as (options: { toolCall: { toolName: string } }) => unknown;
    expect(
      ['tool_search', 'tool_describe', 'tool_call'].map((name) => composed(call(name))),
    ).toEqual(['not-applicable', 'not-applicable', 'not-applicable']);
    expect(composed(call('mail.send'))).toBe('denied');
    expect(asked).toEqual(['mail.send']);
  });

  it("keys a record written with any spelling of a tool by the app's names", () => {
    const composed = composeToolApproval({
      userApproval: { mail__send: 'user-approval', 'mail.list': 'not-applicable' },
      names,
      toolOf,
      requireApprovalFor: undefined,
    }) as Record<string, unknown>;
    expect({ ...composed }).toEqual({
      'mail.send': 'user-approval',
      'mail.list': 'not-applicable',
    });
  });

  it('gives ai no rule when the app has none and no effect needs approval', () => {
    expect(
      composeToolApproval({
        userApproval: undefined,
        names,
        toolOf,
        requireApprovalFor: undefined,
      }),
    ).toBeUndefined();
    expect(
      composeToolApproval({ userApproval: undefined, names, toolOf, requireApprovalFor: [] }),
    ).toBeUndefined();
  });

  it('asks about a tool that may destroy under requireApprovalFor, unless the record or the tool itself speaks for it', () => {
    const composed = composeToolApproval({
      userApproval: { 'mail.list': 'user-approval' },
      names,
      toolOf,
      requireApprovalFor: ['destructive'],
    }) as Record<string, unknown>;
    // States no hint: it may destroy.
    expect(composed['mail.send']).toBe('user-approval');
    // The record speaks for it, though it is read-only.
    expect(composed['mail.list']).toBe('user-approval');
    // Its own needsApproval speaks for it.
    expect(composed['mail.purge']).toBeUndefined();
    // Not a tool of the request: no rule.
    expect(composed['mail.unknown']).toBeUndefined();
    expect(composed.tool_call).toBeUndefined();
  });

  it('takes a read-only tool at its word under requireApprovalFor', () => {
    const composed = composeToolApproval({
      userApproval: undefined,
      names,
      toolOf,
      requireApprovalFor: ['destructive'],
    }) as Record<string, unknown>;
    expect(composed['mail.list']).toBeUndefined();
    expect(composed['mail.send']).toBe('user-approval');
  });

  it('refuses an effect it does not know, listing the valid ones', () => {
    expect(() =>
      composeToolApproval({
        userApproval: undefined,
        names,
        toolOf,
        requireApprovalFor: ['dangerous' as never],
      }),
    ).toThrow(InvalidOptionError);
  });
});
