import { dynamicTool, type JSONSchema7, jsonSchema, type ToolSet } from 'ai';
import { describe, expect, it } from 'vitest';
import { createCatalog } from '../catalog/create-catalog.js';
import type { ToolDefinition } from '../catalog/tool-definition.js';
import type { CreateDisclosureOptions } from '../disclosure/create-disclosure.js';
import { createDisclosure } from '../disclosure/create-disclosure.js';
import type { Disclosure } from '../disclosure/disclosure.js';
import { ToolBridgeError } from '../error/tool-bridge-error.js';
import { utf8ByteLength } from '../util/utf8-byte-length.js';
import { createToolResolver } from './resolve-tool-name.js';
import { runToolDescribe } from './run-tool-describe.js';
import { TOOL_SEARCH_MAX_SCHEMA_BYTES } from './run-tool-search.js';

const nextStep =
  'Use tool_search to find the tool you need, then call it by the name tool_search returns.';

const sendSchema: JSONSchema7 = {
  type: 'object',
  properties: {
    to: { type: 'string', description: 'Recipient address.' },
    subject: { type: 'string' },
    body: { type: 'string' },
    Zone: { type: 'string' },
    attachments: {
      type: 'array',
      items: {
        type: 'object',
        properties: { filename: { type: 'string' }, bytes: { type: 'string' } },
        required: ['filename'],
      },
    },
  },
  required: ['to', 'subject', 'body', 'Zone', 'to'],
  additionalProperties: false,
};
const definitions: ToolDefinition[] = [
  { name: 'gmail__send_message', description: 'Send an email.', parameters: sendSchema },
  { name: 'memory__save', description: 'Save a memory.', parameters: objectWith('text') },
  {
    name: 'slack__post_message',
    description: 'Post to a channel.',
    parameters: objectWith('text'),
  },
  { name: 'weather__forecast', description: 'Get the weather forecast.' },
];

function objectWith(...required: string[]): JSONSchema7 {
  return {
    type: 'object',
    properties: Object.fromEntries(required.map((name) => [name, { type: 'string' }])),
    required,
  };
}

/** A deferred disclosure (maxTools 0) with memory as a core tool. */
async function deferred(
  tools: readonly ToolDefinition[] = definitions,
  options: Partial<CreateDisclosureOptions> = {},
): Promise<Disclosure> {
  const catalog = await createCatalog({ definitions: tools, core: ['memory.*'] });
  return createDisclosure({ catalog, maxTools: 0, environment: {}, ...options });
}

/** The bytes the model receives for `tool_describe(name)`: the response or the error. */
function answer(disclosure: Disclosure, name: unknown, resolver = resolverOf(disclosure)): string {
  try {
    return JSON.stringify(runToolDescribe({ disclosure, resolver, name }));
  } catch (error) {
    expect(ToolBridgeError.isInstance(error)).toBe(true);
    return JSON.stringify((error as ToolBridgeError).toJSON());
  }
}

function resolverOf(disclosure: Disclosure) {
  return createToolResolver(disclosure.authorized.entries);
}

const unknownAnswer = (name: string) =>
  JSON.stringify({
    error: { kind: 'unknown_tool', message: `"${name}" is not an available tool. ${nextStep}` },
  });

describe('runToolDescribe: the response', () => {
  it('returns the wire name, id, description, sorted required names and the full schema', async () => {
    const disclosure = await deferred();
    const response = runToolDescribe({
      disclosure,
      resolver: resolverOf(disclosure),
      name: 'gmail.send_message',
    });
    expect(response).toEqual({
      name: 'gmail__send_message',
      capability_id: 'gmail.send_message',
      description: 'Send an email.',
      // Byte order, duplicates dropped.
      required: ['Zone', 'body', 'subject', 'to'],
      parameters: sendSchema,
    });
    // Field order is part of the bytes the model sees.
    expect(Object.keys(response)).toEqual([
      'name',
      'capability_id',
      'description',
      'required',
      'parameters',
    ]);
    expect(JSON.stringify(response.parameters)).toBe(JSON.stringify(sendSchema));
  });

  it('returns a copy of the schema, so the catalog cannot be changed through a response', async () => {
    const disclosure = await deferred();
    const entry = disclosure.discoverable.find((tool) => tool.id === 'gmail.send_message');
    const response = runToolDescribe({ disclosure, name: 'gmail__send_message' });
    expect(response.parameters).toEqual(entry?.parameters);
    expect(response.parameters).not.toBe(entry?.parameters);
    (response.parameters.required as string[]).push('mutated');
    expect(runToolDescribe({ disclosure, name: 'gmail__send_message' }).parameters).toEqual(
      sendSchema,
    );
  });

  it.each([
    'gmail__send_message',
    'gmail.send_message',
    'send_message',
    'GMAIL__SEND_MESSAGE',
    'Send_Message',
    ' gmail.send_message ',
  ])('gives the same bytes for %j', async (name) => {
    const disclosure = await deferred();
    expect(answer(disclosure, name)).toBe(answer(disclosure, 'gmail__send_message'));
  });

  it('describes core tools and tools without declared parameters', async () => {
    const disclosure = await deferred();
    expect(disclosure.advertised.map((tool) => tool.name)).toContain('memory__save');
    expect(runToolDescribe({ disclosure, name: 'memory__save' })).toEqual({
      name: 'memory__save',
      capability_id: 'memory.save',
      description: 'Save a memory.',
      required: ['text'],
      parameters: objectWith('text'),
    });
    expect(runToolDescribe({ disclosure, name: 'weather.forecast' })).toEqual({
      name: 'weather__forecast',
      capability_id: 'weather.forecast',
      description: 'Get the weather forecast.',
      required: [],
      parameters: { type: 'object', properties: {}, additionalProperties: false },
    });
  });

  it('returns the full schema in compact mode and on a flat surface', async () => {
    const compact = await deferred(definitions, { mode: 'compact' });
    const flat = await deferred(definitions, { maxTools: 32 });
    expect(flat.deferred).toBe(false);
    const expected = answer(await deferred(), 'gmail__send_message');
    expect(JSON.parse(expected)).toHaveProperty('parameters', sendSchema);
    expect(answer(compact, 'gmail__send_message')).toBe(expected);
    expect(answer(flat, 'gmail__send_message')).toBe(expected);
  });

  it('returns schemas larger than tool_search bounds, untruncated', async () => {
    const big: JSONSchema7 = {
      type: 'object',
      description: 'x'.repeat(TOOL_SEARCH_MAX_SCHEMA_BYTES * 4),
      properties: { id: { type: 'string' } },
      required: ['id'],
    };
    const disclosure = await deferred([{ name: 'big__tool', parameters: big }]);
    const response = runToolDescribe({ disclosure, name: 'big__tool' });
    expect(response.parameters).toEqual(big);
    expect(utf8ByteLength(JSON.stringify(response.parameters))).toBeGreaterThan(
      TOOL_SEARCH_MAX_SCHEMA_BYTES * 4,
    );
  });

  it('describes an MCP-style tool grouped under a namespace by its original name', async () => {
    const tools: ToolSet = Object.create(null);
    tools['repos/create'] = dynamicTool({
      description: 'Create a repository.',
      inputSchema: jsonSchema({
        type: 'object',
        properties: { name: { type: 'string' }, private: { type: 'boolean' } },
        required: ['name'],
      }),
      execute: async () => 'ok',
    });
    const catalog = await createCatalog({ namespaces: { github: { tools } } });
    const disclosure = createDisclosure({ catalog, maxTools: 0, environment: {} });
    const expected = {
      name: 'github__repos__create',
      capability_id: 'github.repos.create',
      description: 'Create a repository.',
      required: ['name'],
      parameters: {
        type: 'object',
        properties: { name: { type: 'string' }, private: { type: 'boolean' } },
        required: ['name'],
      },
    };
    for (const name of ['repos/create', 'repos.create', 'github.repos.create', 'repos__create']) {
      expect(runToolDescribe({ disclosure, name })).toEqual(expected);
    }
  });
});

describe('runToolDescribe: errors', () => {
  it('answers an unknown name with unknown_tool', async () => {
    const disclosure = await deferred();
    expect(answer(disclosure, 'teleport')).toBe(unknownAnswer('teleport'));
  });

  it.each([
    ['tool_describe', 'is a bridge tool, not a tool that can be described or called by name'],
    ['tool_call', 'is a bridge tool, not a tool that can be described or called by name'],
    ['__proto__', 'is not an available tool'],
    ['constructor', 'is not an available tool'],
  ])('answers %j with unknown_tool', async (name, text) => {
    const disclosure = await deferred();
    expect(JSON.parse(answer(disclosure, name))).toEqual({
      error: { kind: 'unknown_tool', message: `"${name}" ${text}. ${nextStep}` },
    });
  });

  it('answers a name that is not a string with unknown_tool', async () => {
    const disclosure = await deferred();
    for (const name of [undefined, 7, { name: 'gmail__send_message' }]) {
      expect(answer(disclosure, name)).toBe(
        JSON.stringify({
          error: {
            kind: 'unknown_tool',
            message: `The tool name must be a non-empty string. ${nextStep}`,
          },
        }),
      );
    }
  });

  it('answers an ambiguous bare name with the candidates', async () => {
    const disclosure = await deferred();
    expect(JSON.parse(answer(disclosure, 'post_message'))).toEqual({
      name: 'slack__post_message',
      capability_id: 'slack.post_message',
      description: 'Post to a channel.',
      required: ['text'],
      parameters: objectWith('text'),
    });
    const withTwo = await deferred([
      ...definitions,
      { name: 'teams__post_message', parameters: objectWith('text') },
    ]);
    expect(JSON.parse(answer(withTwo, 'post_message'))).toEqual({
      error: {
        kind: 'unknown_tool',
        message:
          '"post_message" matches several tools: slack__post_message, teams__post_message. Call one of them by its full name.',
        candidates: ['slack__post_message', 'teams__post_message'],
      },
    });
  });
});

describe('runToolDescribe: denied tools', () => {
  const secret: ToolDefinition = {
    name: 'payroll__export_salaries',
    description: 'Export every employee salary (confidential).',
    parameters: objectWith('period'),
  };

  it.each([
    'payroll__export_salaries',
    'payroll.export_salaries',
    'export_salaries',
    'PAYROLL__EXPORT_SALARIES',
  ])('answers %j exactly as if the tool had never been in the catalog', async (name) => {
    const withDenied = await deferred([...definitions, secret], {
      policy: { deny: ['payroll.*'] },
    });
    const neverThere = await deferred(definitions);
    expect(answer(withDenied, name)).toBe(answer(neverThere, name));
    expect(answer(withDenied, name)).toBe(unknownAnswer(name));
  });

  it('re-checks authorization when given a resolver over a wider list', async () => {
    const catalog = await createCatalog({ definitions: [...definitions, secret] });
    const disclosure = createDisclosure({
      catalog,
      policy: { deny: ['payroll.*'] },
      maxTools: 0,
      environment: {},
    });
    const wide = createToolResolver(catalog.entries);
    expect(wide.resolve('payroll__export_salaries').id).toBe('payroll.export_salaries');
    for (const name of ['payroll__export_salaries', 'payroll.export_salaries', 'export_salaries']) {
      expect(answer(disclosure, name, wide)).toBe(unknownAnswer(name));
    }
    expect(JSON.parse(answer(disclosure, 'gmail__send_message', wide))).toHaveProperty(
      'capability_id',
      'gmail.send_message',
    );
  });

  it('answers with the entries of its own disclosure, even from a resolver of another catalog', async () => {
    const disclosure = await deferred();
    const other = await createCatalog({
      definitions: [{ name: 'gmail__send_message', description: 'Stale description.' }],
    });
    const response = runToolDescribe({
      disclosure,
      resolver: createToolResolver(other.entries),
      name: 'gmail__send_message',
    });
    expect(response.description).toBe('Send an email.');
    expect(response.parameters).toEqual(sendSchema);
  });
});
