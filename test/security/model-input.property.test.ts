import fc from 'fast-check';
import { describe, it } from 'vitest';
import type { DisclosureMode } from '../../src/disclosure/index.js';
import {
  buildTools,
  catalogArbitrary,
  type Execution,
  loggingTool,
  namesOf,
  type ToolNames,
  type ToolSpec,
} from './arbitraries.js';
import { assertProperty, propertyRuns, propertyTimeout, readable } from './property-runs.js';
import {
  bridgeErrorKind,
  type Kind,
  type Observation,
  runScripted,
  type ScriptedCall,
  type ScriptedStep,
} from './scripted-run.js';

/**
 * No model input breaks the loop (issue 11, finding 2; SPEC §8 "model input is
 * bounded"): whatever names, inputs, nesting depths, sizes and types the model
 * sends, `generateText` resolves, the `streamText` stream completes without an
 * error, and every tool error the model reads (the app sees its own tools'
 * errors as plain `ai` reports them) is a typed bridge error
 * `{ error: { kind, message } }` of a documented kind, or the SDK's own input
 * validation error for a tool the model was shown.
 */

/** A value built inside the case from a small recipe, so counterexamples stay readable. */
type Payload =
  | { readonly deep: number; readonly shape: 'array' | 'object' }
  | { readonly big: number }
  | { readonly json: fc.JsonValue }
  | { readonly raw: string }
  | { readonly valid: true };

/** A name the model sends: a real tool's (by index and form), a literal, a huge one, or not a string. */
type NameRecipe =
  | { readonly real: number; readonly form: 'wire' | 'id' | 'local' | 'upper' }
  | { readonly literal: string }
  | { readonly huge: number }
  | { readonly json: fc.JsonValue };

type CallRecipe =
  | { readonly via: 'direct'; readonly name: NameRecipe; readonly input: Payload }
  | {
      readonly via: 'tool_call';
      readonly name: NameRecipe;
      readonly arguments: Payload;
      readonly argumentsAs: 'string' | 'object';
      readonly extraField: boolean;
    }
  | { readonly via: 'tool_call-raw'; readonly input: Payload }
  | {
      readonly via: 'advertised';
      readonly target: 'core' | 'tool_search' | 'tool_describe';
      readonly input: Payload;
    }
  | {
      readonly via: 'tool_search';
      readonly query: Payload;
      readonly limit: fc.JsonValue | undefined;
    }
  | { readonly via: 'tool_describe'; readonly name: NameRecipe; readonly extraField: boolean };

interface ModelInputCase {
  readonly kind: Kind;
  readonly catalog: ToolSpec[];
  readonly mode: DisclosureMode;
  readonly maxTools: number;
  readonly coreFirst: boolean;
  readonly script: CallRecipe[][];
}

const oddStrings = fc.constantFrom(
  '',
  ' ',
  '__proto__',
  'constructor',
  'toString',
  'tool_call',
  'tool_search',
  'tool_describe',
  'TOOL_CALL',
  ' tool_call ',
  'send',
  'mail.',
  '.send',
  '__',
  'a'.repeat(65),
  '\u202Eevil',
  'nul\u0000name',
  '名前.送信',
  '😀.🚀',
  '../../etc/passwd',
  '{"name":"x"}',
);

const depthArbitrary = fc.oneof(
  fc.integer({ min: 1, max: 100 }),
  fc.integer({ min: 1, max: 5000 }),
  fc.constantFrom(64, 65, 1000, 2000, 5000),
);
const sizeArbitrary = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: 0, max: 20_000 }) },
  { weight: 1, arbitrary: fc.constantFrom(1 << 20, (1 << 20) + 1, 3 << 20) },
);
const smallJson = fc.jsonValue({ maxDepth: 3 });

const payloadArbitrary: fc.Arbitrary<Payload> = fc.oneof(
  fc.record({ deep: depthArbitrary, shape: fc.constantFrom('array' as const, 'object' as const) }),
  fc.record({ big: sizeArbitrary }),
  fc.record({ json: smallJson }),
  fc.record({ raw: fc.oneof(oddStrings, fc.string({ unit: 'binary', maxLength: 40 })) }),
  fc.constant({ valid: true as const }),
);

const nameArbitrary: fc.Arbitrary<NameRecipe> = fc.oneof(
  fc.record({
    real: fc.oneof(fc.constant(0), fc.nat(30)),
    form: fc.constantFrom('wire' as const, 'id' as const, 'local' as const, 'upper' as const),
  }),
  fc.record({ literal: fc.oneof(oddStrings, fc.string({ unit: 'binary', maxLength: 30 })) }),
  fc.record({ huge: fc.oneof(fc.integer({ min: 200, max: 5000 }), fc.constant(100_000)) }),
  fc.record({ json: smallJson }),
);

const callArbitrary: fc.Arbitrary<CallRecipe> = fc.oneof(
  fc.record({ via: fc.constant('direct' as const), name: nameArbitrary, input: payloadArbitrary }),
  {
    weight: 3,
    arbitrary: fc.record({
      via: fc.constant('tool_call' as const),
      name: nameArbitrary,
      arguments: payloadArbitrary,
      argumentsAs: fc.constantFrom('string' as const, 'object' as const),
      extraField: fc.boolean(),
    }),
  },
  fc.record({ via: fc.constant('tool_call-raw' as const), input: payloadArbitrary }),
  {
    weight: 2,
    arbitrary: fc.record({
      via: fc.constant('advertised' as const),
      target: fc.constantFrom('core' as const, 'tool_search' as const, 'tool_describe' as const),
      input: payloadArbitrary,
    }),
  },
  fc.record({
    via: fc.constant('tool_search' as const),
    query: payloadArbitrary,
    limit: fc.option(
      fc.oneof(
        fc.integer(),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.constantFrom(0, -1, 51, 1e308, '5', null, true),
        smallJson,
      ),
      { nil: undefined },
    ),
  }),
  fc.record({
    via: fc.constant('tool_describe' as const),
    name: nameArbitrary,
    extraField: fc.boolean(),
  }),
);

const caseArbitrary: fc.Arbitrary<ModelInputCase> = fc.record({
  kind: fc.constantFrom('generateText' as const, 'streamText' as const),
  catalog: catalogArbitrary({ minTools: 5, maxTools: 20 }),
  mode: fc.constantFrom<DisclosureMode>('compact', 'signatures', 'namespaces', 'bridged'),
  maxTools: fc.integer({ min: 1, max: 4 }),
  coreFirst: fc.boolean(),
  script: fc.array(fc.array(callArbitrary, { minLength: 1, maxLength: 3 }), {
    minLength: 1,
    maxLength: 3,
  }),
});

/** The JSON text of a payload. */
function payloadText(payload: Payload): string {
  if ('deep' in payload) {
    return payload.shape === 'array'
      ? `${'['.repeat(payload.deep)}${']'.repeat(payload.deep)}`
      : `${'{"a":'.repeat(payload.deep)}1${'}'.repeat(payload.deep)}`;
  }
  if ('big' in payload) return JSON.stringify({ q: 'x'.repeat(payload.big) });
  if ('json' in payload) return JSON.stringify(payload.json);
  if ('raw' in payload) return payload.raw;
  return JSON.stringify({ q: 'hello' });
}

/** A payload as a JSON value inside a larger JSON text: its text when it is JSON, else a string. */
function payloadAsValue(payload: Payload): string {
  if ('raw' in payload) return JSON.stringify(payload.raw);
  return payloadText(payload);
}

function nameText(catalog: readonly ToolSpec[], recipe: NameRecipe): string {
  if ('real' in recipe) {
    const names = namesOf((catalog[recipe.real % catalog.length] as ToolSpec).key) as ToolNames;
    if (recipe.form === 'wire') return JSON.stringify(names.wireName);
    if (recipe.form === 'id') return JSON.stringify(names.id);
    if (recipe.form === 'local') return JSON.stringify(names.localName);
    return JSON.stringify(names.wireName.toUpperCase());
  }
  if ('literal' in recipe) return JSON.stringify(recipe.literal);
  if ('huge' in recipe) return JSON.stringify('n'.repeat(recipe.huge));
  return JSON.stringify(recipe.json);
}

/** The raw tool name of a direct call: a JSON name recipe read back as a string. */
function directName(catalog: readonly ToolSpec[], recipe: NameRecipe): string {
  if ('json' in recipe)
    return typeof recipe.json === 'string' ? recipe.json : JSON.stringify(recipe.json);
  return JSON.parse(nameText(catalog, recipe)) as string;
}

function scriptedCall(
  catalog: readonly ToolSpec[],
  recipe: CallRecipe,
  toolCallId: string,
): ScriptedCall {
  switch (recipe.via) {
    case 'direct':
      return {
        toolCallId,
        toolName: directName(catalog, recipe.name),
        input: payloadText(recipe.input),
      };
    case 'tool_call': {
      const value = payloadAsValue(recipe.arguments);
      const args =
        recipe.argumentsAs === 'string' ? JSON.stringify(payloadText(recipe.arguments)) : value;
      const extra = recipe.extraField ? ',"extra":{"x":1}' : '';
      return {
        toolCallId,
        toolName: 'tool_call',
        input: `{"name":${nameText(catalog, recipe.name)},"arguments":${args}${extra}}`,
      };
    }
    case 'tool_call-raw':
      return { toolCallId, toolName: 'tool_call', input: payloadText(recipe.input) };
    case 'advertised': {
      // A direct call of an advertised tool: the core tool (the first, when the case has one) or a bridge.
      const core = namesOf((catalog[0] as ToolSpec).key) as ToolNames;
      const toolName = recipe.target === 'core' ? core.wireName : recipe.target;
      return { toolCallId, toolName, input: payloadText(recipe.input) };
    }
    case 'tool_search': {
      const limit = recipe.limit === undefined ? '' : `,"limit":${JSON.stringify(recipe.limit)}`;
      return {
        toolCallId,
        toolName: 'tool_search',
        input: `{"query":${payloadAsValue(recipe.query)}${limit}}`,
      };
    }
    case 'tool_describe':
      return {
        toolCallId,
        toolName: 'tool_describe',
        input: `{"name":${nameText(catalog, recipe.name)}${recipe.extraField ? ',"verbose":true' : ''}}`,
      };
  }
}

function scriptOf(testCase: ModelInputCase): ScriptedStep[] {
  let counter = 0;
  return [
    ...testCase.script.map((calls) => ({
      calls: calls.map((call) => scriptedCall(testCase.catalog, call, `call-${++counter}`)),
    })),
    { calls: [] },
  ];
}

/**
 * Every tool error the model reads (in the prompt of the last model call,
 * which holds the whole run) that is neither a typed bridge error nor the
 * SDK's own validation error for a tool the model was shown.
 */
function untypedErrors(observation: Observation): string[] {
  const problems: string[] = [];
  const last = observation.requests.at(-1);
  if (last === undefined) return problems;
  const shown = observation.offered.at(-1) ?? [];
  const prompt = JSON.parse(last.prompt) as { role: string; content: unknown }[];
  for (const message of prompt) {
    if (message.role !== 'tool' || !Array.isArray(message.content)) continue;
    for (const part of message.content as Record<string, unknown>[]) {
      if (part.type !== 'tool-result') continue;
      const { toolCallId, toolName } = part as { toolCallId: string; toolName: string };
      const output = part.output as { type: string; value?: unknown };
      if (output.type === 'error-json') {
        if (bridgeErrorKind(JSON.stringify(output.value)) !== undefined) continue;
      } else if (output.type === 'error-text') {
        const text = String(output.value);
        if (text.startsWith('AI_InvalidToolInputError') && shown.includes(toolName)) continue;
      } else continue;
      problems.push(
        `${toolCallId} (${toolName}) reached the model as an untyped error: ${JSON.stringify(output).slice(0, 300)}`,
      );
    }
  }
  return problems;
}

describe('SPEC §8 invariant: model input is bounded, and no model input can make generateText reject or a stream throw (security property d)', () => {
  it(
    `resolves, streams to the end and answers every bad call with a typed error (${propertyRuns()} cases)`,
    async () => {
      await assertProperty(
        'no model input breaks the loop',
        fc.asyncProperty(caseArbitrary, async (testCase) => {
          const executions: Execution[] = [];
          const tools = buildTools(testCase.catalog, (spec) => loggingTool(spec, executions));
          const first = namesOf((testCase.catalog[0] as ToolSpec).key) as ToolNames;
          const steps = scriptOf(testCase);
          const observation = await runScripted({
            kind: testCase.kind,
            steps,
            settings: { tools },
            toolDisclosure: {
              mode: testCase.mode,
              maxTools: testCase.maxTools,
              core: testCase.coreFirst ? [first.id] : [],
            },
          });
          const problems = [
            ...(observation.failure === undefined ? [] : [observation.failure]),
            ...untypedErrors(observation),
          ];
          if (problems.length > 0) {
            throw new Error([...problems, `script: ${readable(steps)}`].join('\n'));
          }
        }),
      );
    },
    propertyTimeout(),
  );
});
