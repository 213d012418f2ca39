import { jsonSchema, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { createCatalogSync } from '../catalog/create-catalog.js';
import { createDisclosure } from '../disclosure/create-disclosure.js';
import { createPromotion } from './create-promotion.js';

const anyObject = jsonSchema({ type: 'object' });
const tools = Object.fromEntries(
  ['memory.save', 'mail.send', 'mail.list', 'mail.read', 'crm.find'].map((name) => [
    name,
    tool({ description: `The ${name} tool.`, inputSchema: anyObject }),
  ]),
);
const catalog = createCatalogSync({ tools, core: ['memory.*'] });
/** Above the caps (more than 2 tools): memory.save is advertised beside the bridges. */
const disclosure = createDisclosure({ catalog, maxTools: 2, environment: {}, onWarning: () => {} });
/** Every definition costs 100 tokens. */
const flatCost = () => 100;

describe('createPromotion', () => {
  it('promotes used tools in order of use, skipping advertised and unknown ones, up to maxTools', () => {
    expect(disclosure.deferred).toBe(true);
    const promote = createPromotion(disclosure, flatCost, 3);
    // memory.save is advertised already and counts as one real tool of the three.
    expect(promote(['memory__save', 'mail__read', 'nothing', 'crm__find', 'mail__send'])).toEqual([
      'mail__read',
      'crm__find',
    ]);
  });

  it('promotes nothing when the advertised tools fill maxTools', () => {
    expect(createPromotion(disclosure, flatCost, 1)(['mail__read'])).toEqual([]);
  });

  it('skips a tool whose definition would pass the token threshold, and takes a cheaper one after it', () => {
    const room = disclosure.threshold - disclosure.tokens.advertised;
    const costs: Record<string, number> = { mail__read: room + 1, crm__find: room };
    const cost = (definition: string) => {
      const name = (JSON.parse(definition) as { name: string }).name;
      return Object.hasOwn(costs, name) ? (costs[name] as number) : 1;
    };
    expect(
      createPromotion(disclosure, cost, 32)(['mail__read', 'crm__find', 'mail__send']),
    ).toEqual(['crm__find']);
  });
});
