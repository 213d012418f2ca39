import { InvalidToolInputError, jsonSchema, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/v4';
import { composeRefinements } from './compose-refinements.js';
import { requestNames } from './request-names.case.js';

const tools = {
  'pay.refund': tool({
    description: 'Refund an amount.',
    inputSchema: jsonSchema<{ amount: number }>({
      type: 'object',
      properties: { amount: { type: 'number', maximum: 1000 } },
      required: ['amount'],
    }),
  }),
  'notes.add': tool({ description: 'Add a note.', inputSchema: z.object({ text: z.string() }) }),
};
const { names, toolOf } = requestNames(tools);
type Refine = (input: unknown) => unknown;

describe('composeRefinements', () => {
  it("runs the app's refinement, keyed by any spelling, after checking a JSON Schema tool's input", async () => {
    const composed = composeRefinements({
      userRefinements: {
        pay__refund: (input: { amount: number }) => ({ amount: Math.min(input.amount, 100) }),
      },
      names,
      toolOf,
    }) as Record<string, Refine>;
    expect(Object.keys(composed)).toEqual(['pay.refund']);
    expect(await composed['pay.refund']?.({ amount: 500 })).toEqual({ amount: 100 });
  });

  it('refuses input the JSON Schema refuses with the InvalidToolInputError ai gives a zod tool, before the refinement', async () => {
    const refined: unknown[] = [];
    const composed = composeRefinements({
      userRefinements: { 'pay.refund': (input: unknown) => refined.push(input) },
      names,
      toolOf,
    }) as Record<string, Refine>;
    const error = await Promise.resolve(composed['pay.refund']?.({ amount: 'all' })).catch(
      (thrown: unknown) => thrown,
    );
    expect(InvalidToolInputError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ toolName: 'pay.refund', toolInput: '{"amount":"all"}' });
    expect((error as Error).message).toBe(
      'Invalid input for tool pay.refund: The input does not match the parameter schema: /amount: Instance type "string" is invalid. Expected "number".',
    );
    expect(refined).toEqual([]);
  });

  it('checks a JSON Schema tool without a refinement of its own, and passes valid input on unchanged', async () => {
    const composed = composeRefinements({ userRefinements: undefined, names, toolOf }) as Record<
      string,
      Refine
    >;
    expect(await composed['pay.refund']?.({ amount: 5 })).toEqual({ amount: 5 });
    await expect(Promise.resolve(composed['pay.refund']?.({ amount: 5000 }))).rejects.toSatisfy(
      (error: unknown) => InvalidToolInputError.isInstance(error),
    );
  });

  it("leaves a tool whose schema ai validates (zod) to ai: the app's refinement as it is, or none", () => {
    const trim = (input: unknown) => input;
    const composed = composeRefinements({
      userRefinements: { 'notes.add': trim },
      names,
      toolOf,
    }) as Record<string, Refine>;
    expect(composed['notes.add']).toBe(trim);
    const none = composeRefinements({ userRefinements: {}, names, toolOf }) as Record<
      string,
      Refine
    >;
    expect(none['notes.add']).toBeUndefined();
    expect(none.tool_call).toBeUndefined();
    expect(none['pay.unknown']).toBeUndefined();
  });

  it('composes each tool once, however often ai looks it up', () => {
    const composed = composeRefinements({ userRefinements: undefined, names, toolOf }) as Record<
      string,
      Refine
    >;
    expect(composed['pay.refund']).toBe(composed['pay.refund']);
  });
});
