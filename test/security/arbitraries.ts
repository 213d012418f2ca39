import { jsonSchema, type Tool, tool } from 'ai';
import fc from 'fast-check';
import { createGlobMatcher } from '../../src/catalog/index.js';
import { createCatalogSync } from '../../src/index.js';
import type { ScriptedCall, ScriptedStep } from './scripted-run.js';
import { setOwn } from './scripted-run.js';

/** The names of one tool, as the catalog derives them from its record key. */
export interface ToolNames {
  readonly key: string;
  /** Canonical dotted id. */
  readonly id: string;
  readonly wireName: string;
  readonly encodedId: string;
  readonly localName: string;
}

const namesCache = new Map<string, ToolNames>();
const probeTool = tool({
  description: 'probe',
  inputSchema: jsonSchema({ type: 'object' }),
});

/** The names the catalog gives a tool under `key` (a catalog of that tool alone, so public API only). */
export function namesOf(key: string): ToolNames | undefined {
  const cached = namesCache.get(key);
  if (cached !== undefined) return cached;
  const record: Record<string, Tool> = {};
  setOwn(record, key, probeTool);
  try {
    const entry = createCatalogSync({ tools: record }).entries[0];
    if (entry === undefined) return undefined;
    const names = {
      key,
      id: entry.id,
      wireName: entry.wireName,
      encodedId: entry.encodedId,
      localName: entry.localName,
    };
    namesCache.set(key, names);
    return names;
  } catch {
    return undefined;
  }
}

/** One tool of a generated catalog: plain data, built into an AI SDK tool per case. */
export interface ToolSpec {
  readonly key: string;
  readonly description: string;
  /** Whether `q` is required (so `{}` is invalid). */
  readonly requiresQuery: boolean;
}

export const NAMESPACES = [
  'mail',
  'sms',
  'calendar',
  'Mail',
  'admin',
  'google-calendar',
  'crm',
  'default',
] as const;

export const LOCAL_NAMES = [
  'send',
  'Send',
  'SEND',
  'search',
  'create_event',
  'drop_db',
  'constructor',
  '__proto__',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'list.items',
] as const;

const descriptions = [
  'Send a message to a contact.',
  'Search records by a query.',
  'Create an event in the calendar.',
  'Delete the whole database.',
  'List items of the account.',
  '',
];

/** A record key for a namespace and local name: dotted, `__`-encoded or bare. */
const keyArbitrary = fc
  .record({
    namespace: fc.constantFrom(...NAMESPACES),
    local: fc.constantFrom(...LOCAL_NAMES),
    form: fc.constantFrom('dotted', 'encoded', 'bare'),
  })
  .map(({ namespace, local, form }) =>
    form === 'dotted'
      ? `${namespace}.${local}`
      : form === 'encoded'
        ? `${namespace}__${local}`
        : local,
  );

/**
 * A catalog of 5 to 60 tools with odd names (`__proto__`, `constructor`, mixed
 * case, dotted and `__` names) plus filler tools. Tools whose canonical id or
 * wire name repeats an earlier one are dropped, so the catalog always builds.
 */
export function catalogArbitrary({
  minTools = 5,
  maxTools = 60,
}: {
  minTools?: number;
  maxTools?: number;
} = {}): fc.Arbitrary<ToolSpec[]> {
  return fc
    .record({
      odd: fc.array(
        fc.record({
          key: keyArbitrary,
          description: fc.constantFrom(...descriptions),
          requiresQuery: fc.boolean(),
        }),
        { minLength: 1, maxLength: 12 },
      ),
      fillers: fc.integer({ min: 0, max: maxTools }),
    })
    .map(({ odd, fillers }) => {
      const specs = dedupe(odd);
      for (let index = 0; specs.length < minTools || index < fillers; index++) {
        const namespace = NAMESPACES[index % NAMESPACES.length] as string;
        specs.push({
          key: `${namespace}.filler_${String(index).padStart(2, '0')}`,
          description: `Filler tool ${index} of ${namespace}.`,
          requiresQuery: index % 2 === 0,
        });
      }
      return specs.slice(0, maxTools);
    });
}

/** Drops specs whose key, canonical id or wire name an earlier spec already has. */
export function dedupe(specs: readonly ToolSpec[]): ToolSpec[] {
  const seen = new Set<string>();
  const kept: ToolSpec[] = [];
  for (const spec of specs) {
    const names = namesOf(spec.key);
    if (names === undefined) continue;
    const marks = [`key:${names.key}`, `id:${names.id}`, `wire:${names.wireName}`];
    if (marks.some((mark) => seen.has(mark))) continue;
    for (const mark of marks) seen.add(mark);
    kept.push(spec);
  }
  return kept;
}

/** What a tool's `execute` records: the tool (by record key and a label) and the call. */
export interface Execution {
  readonly key: string;
  readonly label: string;
  readonly toolCallId: string;
  readonly input: unknown;
}

/** The input schema of every generated tool: `{ q?: string, n?: number }`, no other fields. */
export function inputSchemaOf(requiresQuery: boolean) {
  return jsonSchema<{ q?: string; n?: number }>({
    type: 'object',
    properties: { q: { type: 'string' }, n: { type: 'number' } },
    required: requiresQuery ? ['q'] : [],
    additionalProperties: false,
  });
}

/** An AI SDK tool that logs each execution and answers with its label and input. */
export function loggingTool(
  spec: ToolSpec,
  log: Execution[],
  label = spec.key,
  extra: Partial<Pick<Tool, 'needsApproval'>> = {},
): Tool {
  return tool({
    description: spec.description,
    inputSchema: inputSchemaOf(spec.requiresQuery),
    ...(extra as object),
    execute: async (input: unknown, { toolCallId }) => {
      log.push({ key: spec.key, label, toolCallId, input });
      return { ran: label, input };
    },
  }) as Tool;
}

/** A tools record, in spec order, with own properties only (`__proto__` is a key like any other). */
export function buildTools(
  specs: readonly ToolSpec[],
  make: (spec: ToolSpec) => Tool,
): Record<string, Tool> {
  const tools: Record<string, Tool> = {};
  for (const spec of specs) setOwn(tools, spec.key, make(spec));
  return tools;
}

/** How the model spells a tool's name. */
export type NameForm =
  | 'key'
  | 'id'
  | 'wire'
  | 'encoded'
  | 'local'
  | 'upper'
  | 'lower'
  | 'local-upper'
  | 'padded';

export const NAME_FORMS: readonly NameForm[] = [
  'key',
  'id',
  'wire',
  'encoded',
  'local',
  'upper',
  'lower',
  'local-upper',
  'padded',
];

export function spell(names: ToolNames, form: NameForm): string {
  switch (form) {
    case 'key':
      return names.key;
    case 'id':
      return names.id;
    case 'wire':
      return names.wireName;
    case 'encoded':
      return names.encodedId;
    case 'local':
      return names.localName;
    case 'upper':
      return names.wireName.toUpperCase();
    case 'lower':
      return names.id.toLowerCase();
    case 'local-upper':
      return names.localName.toUpperCase();
    case 'padded':
      return ` ${names.id} `;
  }
}

/** A tool name the model sends: a catalog tool (by index, wrapped) in some spelling, or a literal. */
export type NameRef =
  | { readonly tool: number; readonly form: NameForm }
  | { readonly literal: string };

export const LITERAL_NAMES = [
  'send',
  'SEND',
  'Send',
  'search',
  'nope',
  'tool_call',
  'tool_search',
  'TOOL_DESCRIBE',
  '__proto__',
  'constructor',
  'toString',
  '',
  'mail.send',
  'sms.send',
] as const;

export const nameRefArbitrary: fc.Arbitrary<NameRef> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ tool: fc.nat(59), form: fc.constantFrom(...NAME_FORMS) }) },
  { weight: 1, arbitrary: fc.record({ literal: fc.constantFrom(...LITERAL_NAMES) }) },
);

export function resolveNameRef(specs: readonly ToolSpec[], ref: NameRef): string {
  if ('literal' in ref) return ref.literal;
  const spec = specs[ref.tool % specs.length];
  const names = spec === undefined ? undefined : namesOf(spec.key);
  return names === undefined ? 'nope' : spell(names, ref.form);
}

/** The arguments a call sends, as a plan. */
export type ArgsPlan = 'valid' | 'empty' | 'wrong-type' | 'extra-field' | 'not-json';

export const argsPlanArbitrary: fc.Arbitrary<ArgsPlan> = fc.constantFrom(
  'valid',
  'valid',
  'valid',
  'empty',
  'wrong-type',
  'extra-field',
  'not-json',
);

export function argumentsOf(plan: ArgsPlan): Record<string, unknown> | string {
  switch (plan) {
    case 'valid':
      return { q: 'hello', n: 1 };
    case 'empty':
      return {};
    case 'wrong-type':
      return { q: 1 };
    case 'extra-field':
      return { q: 'hello', surplus: true };
    case 'not-json':
      return '{"q": ';
  }
}

/** One call of the scripted model, as a plan over the catalog. */
export type CallPlan =
  | { readonly via: 'direct'; readonly name: NameRef; readonly args: ArgsPlan }
  | {
      readonly via: 'tool_call';
      readonly name: NameRef;
      readonly args: ArgsPlan;
      readonly argumentsAs: 'string' | 'object';
    }
  | { readonly via: 'tool_search'; readonly query: NameRef; readonly limit: number | undefined }
  | { readonly via: 'tool_describe'; readonly name: NameRef };

export const callPlanArbitrary: fc.Arbitrary<CallPlan> = fc.oneof(
  fc.record({
    via: fc.constant('direct' as const),
    name: nameRefArbitrary,
    args: argsPlanArbitrary,
  }),
  fc.record({
    via: fc.constant('tool_call' as const),
    name: nameRefArbitrary,
    args: argsPlanArbitrary,
    argumentsAs: fc.constantFrom('string' as const, 'object' as const),
  }),
  fc.record({
    via: fc.constant('tool_search' as const),
    query: nameRefArbitrary,
    limit: fc.option(fc.integer({ min: 1, max: 5 }), { nil: undefined }),
  }),
  fc.record({ via: fc.constant('tool_describe' as const), name: nameRefArbitrary }),
);

/** 1 to 3 steps of 1 to 3 calls each; a final text step is added when scripting. */
export const scriptPlanArbitrary: fc.Arbitrary<CallPlan[][]> = fc.array(
  fc.array(callPlanArbitrary, { minLength: 1, maxLength: 3 }),
  { minLength: 1, maxLength: 3 },
);

/** The scripted steps of a plan: its call steps, then a text step. */
export function scriptOf(specs: readonly ToolSpec[], plan: readonly CallPlan[][]): ScriptedStep[] {
  let counter = 0;
  const steps: ScriptedStep[] = plan.map((calls) => ({
    calls: calls.map((call) => scriptedCall(specs, call, `call-${++counter}`)),
  }));
  return [...steps, { calls: [] }];
}

function scriptedCall(
  specs: readonly ToolSpec[],
  call: CallPlan,
  toolCallId: string,
): ScriptedCall {
  if (call.via === 'tool_search') {
    return {
      toolCallId,
      toolName: 'tool_search',
      input: JSON.stringify({
        query: resolveNameRef(specs, call.query),
        ...(call.limit === undefined ? {} : { limit: call.limit }),
      }),
    };
  }
  if (call.via === 'tool_describe') {
    return {
      toolCallId,
      toolName: 'tool_describe',
      input: JSON.stringify({ name: resolveNameRef(specs, call.name) }),
    };
  }
  const args = argumentsOf(call.args);
  if (call.via === 'direct') {
    return {
      toolCallId,
      toolName: resolveNameRef(specs, call.name),
      input: typeof args === 'string' ? args : JSON.stringify(args),
    };
  }
  const encoded =
    call.argumentsAs === 'string' && typeof args !== 'string' ? JSON.stringify(args) : args;
  return {
    toolCallId,
    toolName: 'tool_call',
    input: JSON.stringify({ name: resolveNameRef(specs, call.name), arguments: encoded }),
  };
}

/** A name or glob in a policy, `core` or pins, as a plan over the catalog. */
export type SelectorPlan =
  | { readonly exact: number; readonly spelling: 'key' | 'id' | 'wire' }
  | { readonly glob: number; readonly shape: 'namespace' | 'local' | 'prefix' | 'everything' };

export const selectorArbitrary: fc.Arbitrary<SelectorPlan> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({ exact: fc.nat(59), spelling: fc.constantFrom('key', 'id', 'wire') }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      glob: fc.nat(59),
      shape: fc.oneof(
        {
          weight: 6,
          arbitrary: fc.constantFrom('namespace' as const, 'local' as const, 'prefix' as const),
        },
        { weight: 1, arbitrary: fc.constant('everything' as const) },
      ),
    }),
  },
);

/** The name or glob a selector plan writes. Globs are written on canonical ids. */
export function selectorText(specs: readonly ToolSpec[], plan: SelectorPlan): string {
  const index = 'exact' in plan ? plan.exact : plan.glob;
  const spec = specs[index % specs.length] as ToolSpec;
  const names = namesOf(spec.key) as ToolNames;
  if ('exact' in plan) {
    return plan.spelling === 'key' ? names.key : plan.spelling === 'id' ? names.id : names.wireName;
  }
  const namespace = names.id.slice(0, names.id.length - names.localName.length - 1);
  switch (plan.shape) {
    case 'namespace':
      return `${namespace}.*`;
    case 'local':
      return `*.${names.localName}`;
    case 'prefix':
      return `${namespace}.${names.localName.slice(0, 1)}*`;
    case 'everything':
      return '*';
  }
}

/**
 * Whether a selector means a tool, as SPEC §8 reads it: an exact name matches
 * any spelling of the tool (record key, canonical id, wire name); a glob
 * matches its canonical id.
 */
export function selectorMatches(
  specs: readonly ToolSpec[],
  plan: SelectorPlan,
  key: string,
): boolean {
  const names = namesOf(key) as ToolNames;
  const text = selectorText(specs, plan);
  if ('exact' in plan) return [names.key, names.id, names.wireName].includes(text);
  return createGlobMatcher([text], 'test')(names.id);
}
