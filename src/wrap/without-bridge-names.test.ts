import { jsonSchema, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import type { Disclosure } from '../disclosure/disclosure.js';
import { withoutBridgeNames } from './without-bridge-names.js';

const anyTool = tool({ description: 'A tool.', inputSchema: jsonSchema({ type: 'object' }) });
const fake = (deferred: boolean) => ({ deferred }) as Disclosure;

describe('withoutBridgeNames', () => {
  it("denies, above the caps, the app's tools keyed by a bridge's name, and only those", () => {
    const asked: (readonly string[])[] = [];
    const rebuilt = fake(true);
    const result = withoutBridgeNames(
      fake(true),
      { tool_call: anyTool, tool_search: anyTool, 'mail.send': anyTool },
      (extraDeny) => {
        asked.push(extraDeny);
        return rebuilt;
      },
    );
    expect(result).toBe(rebuilt);
    expect(asked).toEqual([['tool_search', 'tool_call']]);
  });

  it('keeps the disclosure below the caps, or when no key is a bridge name', () => {
    const never = () => {
      throw new Error('not rebuilt');
    };
    const below = fake(false);
    expect(withoutBridgeNames(below, { tool_call: anyTool }, never)).toBe(below);
    const above = fake(true);
    expect(withoutBridgeNames(above, { 'mail.send': anyTool }, never)).toBe(above);
  });
});
