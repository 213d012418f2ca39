import { jsonSchema, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { createCatalogSync } from '../catalog/create-catalog.js';
import type { Disclosure } from '../disclosure/disclosure.js';
import type { RequestCatalog } from './get-catalog.js';
import { getDisclosure } from './get-disclosure.js';

const anyObject = jsonSchema({ type: 'object' });
const tools = {
  'mail.send': tool({ description: 'Send.', inputSchema: anyObject }),
  'pay.refund': tool({ description: 'Refund.', inputSchema: anyObject }),
};
/** A request's catalog as getCatalog gives it: a shared catalog, its shared disclosures, this request's tools. */
function requestCatalog(): RequestCatalog {
  const catalog = createCatalogSync({ tools });
  const keyAt = new Map(catalog.entries.map((entry) => [entry.position, entry.key]));
  return {
    catalog,
    disclosures: new Map<string, Disclosure>(),
    toolAt: (position) => tools[(keyAt.get(position) ?? '') as keyof typeof tools],
  };
}
const quiet = { onWarning: () => {} };

describe('getDisclosure', () => {
  it('shares one disclosure between requests of equal serializable options, and builds another for other options', () => {
    const request = requestCatalog();
    const first = getDisclosure(request, { ...quiet, policy: { deny: ['pay.*'] } }, {});
    expect(getDisclosure(request, { ...quiet, policy: { deny: ['pay.*'] } }, {})).toBe(first);
    expect(first.authorized.entries.map((entry) => entry.id)).toEqual(['mail.send']);
    const other = getDisclosure(request, { ...quiet, maxTools: 1 }, {});
    expect(other).not.toBe(first);
    expect(request.disclosures.size).toBe(2);
    // The mode read from the environment is part of the key.
    expect(getDisclosure(request, quiet, { TOOL_DISCLOSURE: 'off' })).not.toBe(
      getDisclosure(request, quiet, {}),
    );
  });

  it("builds a policy.isAllowed disclosure for its request alone, showing it the request's own tools", () => {
    const request = requestCatalog();
    const seen: unknown[] = [];
    const options = {
      ...quiet,
      policy: {
        isAllowed: (entry: { tool?: unknown }) => {
          seen.push(entry.tool);
          return entry.tool !== tools['pay.refund'];
        },
      },
    };
    const first = getDisclosure(request, options, {});
    expect(getDisclosure(request, options, {})).not.toBe(first);
    expect(first.authorized.entries.map((entry) => entry.id)).toEqual(['mail.send']);
    expect(seen).toContain(tools['pay.refund']);
    expect(request.disclosures.size).toBe(0);
  });

  it('builds a disclosure with a token counter of its own for its request alone', () => {
    const request = requestCatalog();
    const options = { ...quiet, countTokens: (text: string) => text.length };
    expect(getDisclosure(request, options, {})).not.toBe(getDisclosure(request, options, {}));
    expect(request.disclosures.size).toBe(0);
  });
});
