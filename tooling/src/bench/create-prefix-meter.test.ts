import { estimateTokens } from 'tool-disclosure/disclosure';
import { describe, expect, it } from 'vitest';
import { createPrefixMeter } from './create-prefix-meter.js';

const tool = '{"name":"tool_search","description":"Finds tools by what they do."}';
const loaded = '{"name":"crm__lookup","description":"Looks up a customer record."}';
const user = '{"role":"user","content":"find the customer"}';
const answer = '{"role":"assistant","content":"Found it."}';
const tokens = (...segments: string[]) =>
  segments.reduce((sum, segment) => sum + estimateTokens(segment), 0);

describe('createPrefixMeter', () => {
  it('gives equal segments equal ids', () => {
    const meter = createPrefixMeter();
    const first = meter.intern([tool, user]);
    const second = meter.intern([tool, loaded, user]);
    expect(second[0]).toBe(first[0]);
    expect(second[2]).toBe(first[1]);
    expect(second[1]).not.toBe(first[0]);
  });

  it('counts each request whole and caches the prefix shared with the previous one', () => {
    const meter = createPrefixMeter();
    const measured = meter.measure([
      meter.intern([tool, user]),
      meter.intern([tool, user, answer]),
    ]);
    expect(measured).toEqual([
      { input: tokens(tool, user), cached: 0 },
      { input: tokens(tool, user, answer), cached: tokens(tool, user) },
    ]);
  });

  it('caches the longest prefix shared with any earlier request, not only the previous one', () => {
    const meter = createPrefixMeter();
    const measured = meter.measure([
      meter.intern([tool, user]),
      meter.intern([tool, loaded, user]),
      // The tool list shrank back: the first request's prefix is still in the cache.
      meter.intern([tool, user, answer]),
    ]);
    expect(measured[2]?.cached).toBe(tokens(tool, user));
  });

  it('adds the common start of the first differing segment', () => {
    const meter = createPrefixMeter();
    const measured = meter.measure([
      meter.intern([tool, '{"role":"user","content":"find the customer"}']),
      meter.intern([tool, '{"role":"user","content":"find the invoice"}']),
    ]);
    const partial = estimateTokens('{"role":"user","content":"find the ');
    expect(measured[1]?.cached).toBe(tokens(tool) + partial);
  });

  it('counts the first request’s leading segments as cached when asked to', () => {
    const meter = createPrefixMeter();
    const requests = [meter.intern([tool, loaded, user])];
    expect(meter.measure(requests)[0]?.cached).toBe(0);
    expect(meter.measure(requests, { cachedLead: 2 })[0]?.cached).toBe(tokens(tool, loaded));
    expect(meter.measure(requests, { cachedLead: 0 })[0]?.cached).toBe(0);
    expect(meter.measure([])).toEqual([]);
  });
});
