import { jsonSchema, type Tool, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import { digestedText, sameToolContentTexts, serializeToolContent } from './tool-content-texts.js';

const parameters = { type: 'object', properties: { q: { type: 'string' } } };
const searchTool = tool({
  description: 'Searches "docs".',
  inputSchema: jsonSchema(parameters),
  metadata: { tags: ['docs'], annotations: { readOnlyHint: true }, other: 'not read' },
}) as Tool;

describe('serializeToolContent', () => {
  it('gives the text a digest is taken of: the rest as one JSON array, then the input schema', () => {
    const texts = serializeToolContent(searchTool, searchTool.description, parameters, undefined);
    expect(texts).toBeDefined();
    expect(digestedText(texts as NonNullable<typeof texts>)).toBe(
      JSON.stringify([
        null,
        'Searches "docs".',
        null,
        { tags: ['docs'], annotations: { readOnlyHint: true } },
      ]) + JSON.stringify(parameters),
    );
  });

  it('writes a description that is a function of context as its typeof', () => {
    const texts = serializeToolContent(searchTool, () => 'x', parameters, undefined);
    expect(texts?.description).toBe('function');
  });

  it('gives nothing for content that cannot be serialized', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(serializeToolContent(searchTool, 'x', cyclic, undefined)).toBeUndefined();
  });
});

describe('sameToolContentTexts', () => {
  const before = serializeToolContent(
    searchTool,
    searchTool.description,
    parameters,
    undefined,
  ) as NonNullable<ReturnType<typeof serializeToolContent>>;

  it('is true for a new tool object of equal content', () => {
    const copy = tool({
      description: 'Searches "docs".',
      inputSchema: jsonSchema(structuredClone(parameters)),
      metadata: { tags: ['docs'], annotations: { readOnlyHint: true } },
    }) as Tool;
    expect(
      sameToolContentTexts(before, copy, copy.description, structuredClone(parameters), undefined),
    ).toBe(true);
  });

  it.each([
    ['description', { description: 'Searches docs.' }],
    ['schema', { parameters: { type: 'object', properties: { q: { type: 'number' } } } }],
    ['schema key order', { parameters: { properties: { q: { type: 'string' } }, type: 'object' } }],
    ['metadata', { metadata: { tags: ['docs'], annotations: { readOnlyHint: false } } }],
    ['output schema', { outputSchema: { type: 'string' } }],
  ])('is false when the %s differs', (_, change: Record<string, unknown>) => {
    const changed = {
      description: 'Searches "docs".',
      metadata: { tags: ['docs'], annotations: { readOnlyHint: true } },
      ...change,
    } as unknown as Tool;
    const input = (change.parameters as object | undefined) ?? parameters;
    expect(
      sameToolContentTexts(before, changed, changed.description, input, change.outputSchema),
    ).toBe(false);
  });

  it('is false, not a throw, for content that cannot be serialized', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(
      sameToolContentTexts(before, searchTool, searchTool.description, cyclic, undefined),
    ).toBe(false);
  });
});
