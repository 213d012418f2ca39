/**
 * What would the model be shown? Build a catalog from AI SDK tools and print
 * the advertised surface and its token cost.
 *
 * Run: npm run build && node --experimental-strip-types examples/inspect-catalog.ts
 */

import { generateDistractors } from '@tool-disclosure/tooling/eval';
import { tool } from 'ai';
import { createCatalog, createDisclosure } from 'tool-disclosure';
import { z } from 'zod';

const catalog = await createCatalog({
  tools: {
    'gmail.search_messages': tool({
      description: 'Search email messages with Gmail query syntax.',
      inputSchema: z.object({ query: z.string(), maxResults: z.number().int().optional() }),
      execute: async ({ query }) => ({ messages: [], query }),
    }),
    'google-calendar.create_event': tool({
      description: 'Create a calendar event.',
      inputSchema: z.object({ title: z.string(), start: z.string(), end: z.string() }),
      execute: async (event) => ({ id: 'evt_1', ...event }),
    }),
  },
  definitions: generateDistractors(500),
  namespaces: { gmail: { description: 'Email' }, 'google-calendar': { description: 'Calendars' } },
  core: ['gmail.search_messages'],
});

const disclosure = createDisclosure({ catalog, policy: { deny: ['billing_ops.*'] } });
console.log(disclosure.advertised.map((advertised) => advertised.name));
console.log(`${disclosure.tokens.advertised} of ${disclosure.tokens.full} tokens advertised`);
console.log(disclosure.toolSearchDescription);
