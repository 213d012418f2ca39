import { jsonSchema, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { requestNames } from './request-names.case.js';
import { usedToolNames } from './used-tool-names.js';

const anyObject = jsonSchema({ type: 'object' });
const { names } = requestNames(
  {
    'mail.send': tool({ description: 'Send an email.', inputSchema: anyObject }),
    'mail.list': tool({ description: 'List emails.', inputSchema: anyObject }),
    'pay.refund': tool({ description: 'Refund.', inputSchema: anyObject }),
  },
  { deny: ['pay.*'] },
);
const step = (...toolNames: unknown[]) => ({
  toolCalls: toolNames.map((toolName) => ({ toolName })),
});

describe('usedToolNames', () => {
  it("lists the wire names of the app's tools called in earlier steps, in order of first use", () => {
    expect(
      usedToolNames([step('mail.list'), step('mail.send', 'mail.list'), step('mail.send')], names),
    ).toEqual(['mail__list', 'mail__send']);
  });

  it('leaves out bridges, denied and made-up names, and steps or calls of the wrong shape', () => {
    expect(
      usedToolNames(
        [
          step('tool_search', 'pay.refund', 'mail.nothing', 42),
          null,
          { toolCalls: 'x' },
          step(null),
        ],
        names,
      ),
    ).toEqual([]);
    expect(usedToolNames(undefined, names)).toEqual([]);
    expect(usedToolNames({ length: 1 }, names)).toEqual([]);
  });
});
