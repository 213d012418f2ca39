import { describe, expect, it } from 'vitest';
import { InvalidProfilePinsError, parseProfilePins } from '../index.js';

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
        'profile "support" must map to an array of canonical ids',
      ],
      [
        '{"ok":["a.b"],"support":["zendesk"]}',
        'profile "support" pins "zendesk", which is not a canonical id such as "github.create_issue"',
      ],
      [
        '{"support":["slack.send message"]}',
        'profile "support" pins "slack.send message", which is not a canonical id such as "github.create_issue"',
      ],
      [
        '{"support":[42]}',
        'profile "support" pins 42, which is not a canonical id such as "github.create_issue"',
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
