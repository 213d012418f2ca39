import { describe, expect, it } from 'vitest';
import { bridgeInputNotJson } from '../bridge/bridge-input-not-json.js';
import { createRefusedCalls } from './create-refused-calls.js';

describe('createRefusedCalls', () => {
  it('answers a refused call once with its error, and any other call with nothing', () => {
    const refused = createRefusedCalls();
    const error = bridgeInputNotJson('tool_call');
    refused.refuse('call_1', error);
    expect(refused.take('call_2')).toBeUndefined();
    expect(refused.take(1)).toBeUndefined();
    expect(refused.take('call_1')).toBe(error);
    expect(refused.take('call_1')).toBeUndefined();
  });

  it('shares nothing between requests', () => {
    const first = createRefusedCalls();
    const second = createRefusedCalls();
    first.refuse('call_1', bridgeInputNotJson('tool_search'));
    expect(second.take('call_1')).toBeUndefined();
  });
});
