import { describe, expect, it } from 'vitest';
import { InvalidProfilePinsError } from '../index.js';
import { parseProfilePins } from './index.js';

describe('parseProfilePins', () => {
  it('accepts a valid map as JSON text or as an object', () => {
    const text = '{"support":["zendesk.create_ticket","slack.send_message"],"ops:oncall":[]}';
    expect(parseProfilePins(text)).toEqual({
      support: ['zendesk.create_ticket', 'slack.send_message'],
      'ops:oncall': [],
    });
    expect(parseProfilePins({ 'a-1_b': ['google-calendar.create_event'] })).toEqual({
      'a-1_b': ['google-calendar.create_event'],
    });
  });

  it('accepts a tool by any name a user could write: record key, wire name or canonical id', () => {
    const names = [
      'send',
      'google-calendar__create_event',
      'google-calendar.create_event',
      'repos/create',
      'n'.repeat(256),
    ];
    expect(parseProfilePins({ support: names })).toEqual({ support: names });
  });

  it('rejects the whole map for each invalid form, with the cause', () => {
    const cases: [unknown, string][] = [
      ['{"support": [', 'it is not valid JSON'],
      ['[]', 'expected an object, found an array'],
      ['null', 'expected an object, found null'],
      ['"support"', 'expected an object, found string'],
      ['{"Support":["a.b"]}', 'profile id "Support" must match [a-z0-9_:-]{1,128}'],
      [
        `{"${'p'.repeat(129)}":[]}`,
        `profile id "${'p'.repeat(129)}" must match [a-z0-9_:-]{1,128}`,
      ],
      [
        '{"ok":["a.b"],"support":"zendesk.create_ticket"}',
        'profile "support" must map to an array of tool names',
      ],
      [
        '{"ok":["a.b"],"support":[""]}',
        'profile "support" pins "", which is not a tool name (a record key, wire name or canonical id of 1 to 256 characters without whitespace or control characters)',
      ],
      [
        '{"support":["slack.send message"]}',
        'profile "support" pins "slack.send message", which is not a tool name (a record key, wire name or canonical id of 1 to 256 characters without whitespace or control characters)',
      ],
      [
        '{"support":["slack.send\\u0007"]}',
        'profile "support" pins "slack.send\\u0007", which is not a tool name (a record key, wire name or canonical id of 1 to 256 characters without whitespace or control characters)',
      ],
      [
        `{"support":["${'n'.repeat(257)}"]}`,
        `profile "support" pins "${'n'.repeat(257)}", which is not a tool name (a record key, wire name or canonical id of 1 to 256 characters without whitespace or control characters)`,
      ],
      [
        '{"support":[42]}',
        'profile "support" pins 42, which is not a tool name (a record key, wire name or canonical id of 1 to 256 characters without whitespace or control characters)',
      ],
    ];
    for (const [value, reason] of cases) {
      let caught: unknown;
      try {
        parseProfilePins(value, 'TOOL_DISCLOSURE_PROFILE_PINS');
      } catch (error) {
        caught = error;
      }
      expect(InvalidProfilePinsError.isInstance(caught)).toBe(true);
      expect((caught as InvalidProfilePinsError).reason).toBe(reason);
      expect((caught as Error).message).toContain(
        `Invalid profile pins from TOOL_DISCLOSURE_PROFILE_PINS: ${reason}.`,
      );
    }
    let jsonError: unknown;
    try {
      parseProfilePins('{', 'x');
    } catch (error) {
      jsonError = error;
    }
    expect((jsonError as Error).cause).toBeInstanceOf(SyntaxError);
  });
});
