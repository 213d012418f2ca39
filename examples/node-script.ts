/**
 * A Node script with a 1,000-tool catalog: two real namespaces plus generated
 * integrations. Above the caps the model sees `memory__save` and the three
 * bridges; it finds and calls everything else through them.
 *
 * Run: npm run build && AI_GATEWAY_API_KEY=... node --experimental-strip-types examples/node-script.ts
 */

import { generateDistractors } from '@tool-disclosure/tooling/eval';
import { isStepCount, jsonSchema, type ToolSet, tool } from 'ai';
import { generateText } from 'tool-disclosure';
import { z } from 'zod';

const tools: ToolSet = {
  'gmail.search_messages': tool({
    description: 'Search email messages with Gmail query syntax.',
    inputSchema: z.object({ query: z.string(), maxResults: z.number().int().optional() }),
    execute: async ({ query }) => ({
      query,
      messages: [{ id: 'm1', from: 'ada@example.com', subject: 'Invoice #42 review' }],
    }),
  }),
  'google-calendar.create_event': tool({
    description: 'Create a calendar event.',
    inputSchema: z.object({
      title: z.string(),
      start: z.string().describe('ISO 8601 date-time'),
      end: z.string().describe('ISO 8601 date-time'),
      attendees: z.array(z.string()).optional(),
    }),
    execute: async (event) => ({ id: 'evt_1', ...event }),
  }),
  'memory.save': tool({
    description: 'Remember a fact about the user for later conversations.',
    inputSchema: z.object({ fact: z.string() }),
    execute: async () => ({ saved: true }),
  }),
};

// Stand-ins for the long tail of a real app's integrations.
for (const definition of generateDistractors(997)) {
  tools[definition.capability_id ?? definition.name] = tool({
    description: definition.description ?? '',
    inputSchema: jsonSchema(definition.parameters ?? { type: 'object' }),
    execute: async () => ({ ok: true }),
  });
}

const result = await generateText({
  model: process.env.MODEL ?? 'openai/gpt-5-mini',
  tools,
  prompt:
    'Find the email from Ada about invoice 42 and book a 30-minute review with her tomorrow at 10:00 UTC.',
  stopWhen: isStepCount(5),
  toolDisclosure: {
    core: ['memory.*'],
    namespaces: {
      gmail: { description: 'Email: search, read and send Gmail messages' },
      'google-calendar': { description: 'Calendars, events and availability' },
    },
  },
});

// Every call is recorded under the name the tool has in `tools`, however the model reached it.
for (const [index, step] of result.steps.entries()) {
  for (const call of step.toolCalls) {
    console.log(`step ${index}: ${call.toolName}`, JSON.stringify(call.input));
  }
  for (const { toolName, output } of step.toolResults) {
    console.log(`  ${toolName} returned`, JSON.stringify(output));
  }
}
console.log(result.text);
