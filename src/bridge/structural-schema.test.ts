import { Validator } from '@cfworker/json-schema';
import { describe, expect, it } from 'vitest';
import { structuralSchema } from './structural-schema.js';

const valid = (schema: unknown, input: unknown) =>
  new Validator(structuralSchema(schema) as never, '7', false).validate(input).valid;

describe('structuralSchema', () => {
  it('leaves out patterns and formats, wherever a subschema sits', () => {
    const schema = {
      type: 'object',
      properties: {
        name: { type: 'string', pattern: '^([a-zA-Z]+\\s?)+$' },
        site: { type: 'string', format: 'url' },
        tags: { type: 'array', items: { type: 'string', pattern: '^(a+)+$' } },
        either: { anyOf: [{ type: 'string', format: 'email' }, { type: 'number' }] },
        ref: { $ref: '#/$defs/code' },
      },
      $defs: { code: { type: 'string', pattern: '^[0-9]+$' } },
      required: ['name'],
    };
    // Matching these against the patterns would not end in years: that they pass says none ran.
    const input = {
      name: `${'a'.repeat(40)}!`,
      site: 'not a url',
      tags: [`${'a'.repeat(40)}!`],
      either: 'not an email',
      ref: 'x',
    };
    expect(valid(schema, input)).toBe(true);
    // The structure is still checked.
    expect(valid(schema, { ...input, name: 3 })).toBe(false);
    expect(valid(schema, { site: 'x' })).toBe(false);
    expect(valid(schema, { ...input, either: true })).toBe(false);
  });

  it('keeps properties named pattern or format, and lists of property names', () => {
    const schema = {
      type: 'object',
      properties: { pattern: { type: 'string' }, format: { type: 'number' } },
      dependencies: { pattern: ['format'] },
      additionalProperties: false,
    };
    expect(valid(schema, { pattern: 'x', format: 1 })).toBe(true);
    expect(valid(schema, { pattern: 'x' })).toBe(false);
    expect(valid(schema, { format: 'x' })).toBe(false);
    expect(valid(schema, { other: 1 })).toBe(false);
  });

  it('refuses nothing patternProperties allowed', () => {
    const schema = {
      type: 'object',
      properties: { id: { type: 'string' } },
      patternProperties: { '^x-(a+)+$': { type: 'string' } },
      additionalProperties: false,
    };
    expect(valid(schema, { id: 'a', [`x-${'a'.repeat(40)}!`]: 1 })).toBe(true);
    expect(valid(schema, { id: 3 })).toBe(false);
  });

  it('does not change the schema it is given, nor follow a schema into itself', () => {
    const schema: Record<string, unknown> = { type: 'string', pattern: '^a$', format: 'email' };
    const before = JSON.stringify(schema);
    structuralSchema(schema);
    expect(JSON.stringify(schema)).toBe(before);
    const cyclic: Record<string, unknown> = { type: 'object', properties: {} };
    (cyclic.properties as Record<string, unknown>).self = cyclic;
    expect(structuralSchema(cyclic)).toEqual({ type: 'object', properties: { self: true } });
    const named = JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"}}}');
    const copy = structuralSchema(named) as { properties: object };
    expect(Object.hasOwn(copy.properties, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(copy.properties)).toBe(Object.prototype);
  });
});
