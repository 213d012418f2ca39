import type { JSONSchema7 } from 'ai';

/** A tool as the provider sees it. */
export interface ToolWireDefinition {
  readonly name: string;
  readonly description: string;
  readonly parameters: JSONSchema7;
}

const toolSearchParameters: JSONSchema7 = {
  type: 'object',
  properties: {
    query: {
      type: 'string',
      description: 'What the tool should do, a service name, or an exact tool name.',
    },
    limit: {
      type: 'integer',
      description: 'How many results to return, 1 to 50. Defaults to 10.',
    },
  },
  required: ['query'],
  additionalProperties: false,
};

const nameProperty: JSONSchema7 = {
  type: 'string',
  description:
    'The tool name from tool_search, its canonical id (namespace.tool) or its bare name.',
};

const toolDescribeParameters: JSONSchema7 = {
  type: 'object',
  properties: { name: nameProperty },
  required: ['name'],
  additionalProperties: false,
};

const toolCallParameters: JSONSchema7 = {
  type: 'object',
  properties: {
    name: nameProperty,
    arguments: {
      description:
        'The arguments for the tool as a JSON object encoded as a string, matching its parameter schema. An object is accepted too.',
      anyOf: [{ type: 'string' }, { type: 'object' }],
    },
  },
  required: ['name', 'arguments'],
  additionalProperties: false,
};

/**
 * The three bridge tools as advertised, in their fixed order. Only the
 * `tool_search` description varies: it is the catalog header.
 */
export function bridgeToolDefinitions(
  toolSearchDescription: string,
): readonly ToolWireDefinition[] {
  return [
    { name: 'tool_search', description: toolSearchDescription, parameters: toolSearchParameters },
    {
      name: 'tool_describe',
      description:
        'Return the complete parameter schema of one tool that tool_search found, before calling it.',
      parameters: toolDescribeParameters,
    },
    {
      name: 'tool_call',
      description:
        'Call a tool that tool_search found, by name, with its arguments. A tool whose exact name you know may also be called directly.',
      parameters: toolCallParameters,
    },
  ];
}
