import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { zodFromJsonSchema } from './zod-from-json-schema.js';

describe('zodFromJsonSchema', () => {
  const schema = zodFromJsonSchema({
    type: 'object',
    description: 'Create an event',
    properties: {
      title: { type: 'string', description: 'Title of the event' },
      visibility: { type: 'string', enum: ['public', 'private'] },
      attendees: { type: 'array', items: { type: 'string' } },
      duration: { type: 'integer', description: 'Minutes' },
      weight: { type: 'number' },
      notify: { type: 'boolean' },
      labels: { type: 'object', additionalProperties: { type: 'string' } },
      extra: { type: 'object' },
      anything: {},
    },
    required: ['title'],
  });

  it('keeps types, enums, required properties and descriptions', () => {
    expect(z.toJSONSchema(schema)).toMatchObject({
      type: 'object',
      description: 'Create an event',
      properties: {
        title: { type: 'string', description: 'Title of the event' },
        visibility: { type: 'string', enum: ['public', 'private'] },
        attendees: { type: 'array', items: { type: 'string' } },
        duration: { type: 'integer', description: 'Minutes' },
        weight: { type: 'number' },
        notify: { type: 'boolean' },
        labels: { type: 'object', additionalProperties: { type: 'string' } },
        extra: { type: 'object' },
      },
      required: ['title'],
    });
  });

  it('accepts what the JSON Schema accepts and rejects what it rejects', () => {
    expect(schema.safeParse({ title: 'Standup', duration: 15, labels: { a: 'b' } }).success).toBe(
      true,
    );
    expect(schema.safeParse({ duration: 15 }).success).toBe(false);
    expect(schema.safeParse({ title: 'Standup', duration: 1.5 }).success).toBe(false);
    expect(schema.safeParse({ title: 'Standup', visibility: 'secret' }).success).toBe(false);
  });

  it('makes an object of no properties an empty object, and unknown shapes unknown', () => {
    expect(z.toJSONSchema(zodFromJsonSchema({ type: 'object', properties: {} }))).toMatchObject({
      type: 'object',
      properties: {},
    });
    expect(zodFromJsonSchema(true).safeParse(42).success).toBe(true);
    expect(zodFromJsonSchema(undefined).safeParse('x').success).toBe(true);
  });
});
