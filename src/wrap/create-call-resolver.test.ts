import { jsonSchema, type Tool, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { createCatalogSync } from '../catalog/create-catalog.js';
import { createDisclosure } from '../disclosure/create-disclosure.js';
import { ToolBridgeError } from '../error/tool-bridge-error.js';
import { createCallResolver } from './create-call-resolver.js';

const anyObject = jsonSchema({ type: 'object' });
const make = (description: string) => tool({ description, inputSchema: anyObject });
const tools = {
  'gmail.send': make('Send with Gmail.'),
  'outlook.send': make('Send with Outlook.'),
  'sms.send_text': make('Send a text.'),
  'pay.refund': make('Refund.'),
};
const catalog = createCatalogSync({ tools });
const disclosure = createDisclosure({
  catalog,
  policy: { deny: ['pay.*'] },
  environment: {},
  onWarning: () => {},
});
/** This request's own tools, which resolved entries carry. */
const own = new Map<string, Tool>(
  Object.keys(tools).map((key) => [key, make(`This request's ${key}.`)]),
);
const resolver = createCallResolver({ disclosure, toolOf: (entry) => own.get(entry.key) });

/** The ToolBridgeError a call throws. */
function failure(call: () => unknown): ToolBridgeError {
  try {
    call();
  } catch (error) {
    if (ToolBridgeError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('it did not throw');
}

describe('createCallResolver', () => {
  it("resolves any spelling to one entry carrying this request's tool, the same object every time", () => {
    const entry = resolver.resolve('sms.send_text', undefined);
    expect(entry.wireName).toBe('sms__send_text');
    expect(entry.tool).toBe(own.get('sms.send_text'));
    expect(resolver.resolve('sms__send_text', undefined)).toBe(entry);
    expect(resolver.byWireName('sms__send_text')).toBe(entry);
  });

  it('answers a tool outside the step reach as a name that never existed, and a denied one alike', () => {
    const outside = failure(() => resolver.resolve('sms.send_text', ['gmail__send']));
    const denied = failure(() => resolver.resolve('pay.refund', undefined));
    const never = failure(() => resolver.resolve('nothing.at_all', undefined));
    for (const error of [outside, denied, never]) expect(error.kind).toBe('unknown_tool');
    expect(denied.message.replace('pay.refund', 'X')).toBe(
      never.message.replace('nothing.at_all', 'X'),
    );
    expect(resolver.forStep(['gmail__send']).resolve('gmail.send').wireName).toBe('gmail__send');
  });

  it('names only the candidates within the reach for an ambiguous name', () => {
    const everywhere = failure(() => resolver.resolve('send', undefined));
    expect(everywhere.details.candidates).toEqual(['gmail__send', 'outlook__send']);
    const narrowed = failure(() => resolver.resolve('send', ['outlook__send', 'sms__send_text']));
    expect(narrowed.details.candidates).toEqual(['outlook__send']);
    expect(narrowed.message).toContain('Call the tool by its full name: outlook__send.');
  });

  it('resolves a refined call only by the exact wire name refinement wrote, within the reach', () => {
    const refined = resolver.forRefinedCall(['gmail__send']);
    expect(refined.resolve('gmail__send').id).toBe('gmail.send');
    // Another spelling was never refined: nothing runs under it.
    expect(failure(() => refined.resolve('gmail.send')).kind).toBe('unknown_tool');
    expect(failure(() => refined.resolve('outlook__send')).kind).toBe('unknown_tool');
    expect(failure(() => resolver.wireNames.resolve('gmail.send')).kind).toBe('unknown_tool');
    expect(resolver.byWireName(42)).toBeUndefined();
  });
});
