import { type Schema as CfworkerSchema, type SchemaDraft, Validator } from '@cfworker/json-schema';
import { asSchema, type JSONSchema7, type Tool } from 'ai';
import { structuralSchema } from './structural-schema.js';

/** One reason an input does not match a tool's schema. */
export interface ToolInputIssue {
  /** JSON Pointer to the offending value (`''` is the whole input, `/title` a property). */
  readonly path: string;
  readonly message: string;
}

/** The outcome of `validateToolInput`. */
export type ToolInputValidation =
  | { readonly success: true; readonly value: unknown }
  | { readonly success: false; readonly issues: readonly ToolInputIssue[] };

export interface ValidateToolInputOptions {
  /** The real AI SDK tool; its `inputSchema` validates when it can (zod, Standard Schema). */
  tool: Tool;
  /**
   * The tool's input JSON Schema as the SDK sends it (`entry.parameters`), checked
   * with `@cfworker/json-schema` when the tool's own schema has no validator
   * (`jsonSchema()` tools and MCP tools, which the SDK does not validate), its
   * structure only (`structuralSchema`: no `pattern` or `format`).
   */
  parameters: JSONSchema7;
  /** The parsed arguments. */
  input: unknown;
}

/** cfworker keywords whose errors only repeat a nested error (`false`: "False boolean schema."). */
const containerKeywords = new Set([
  'properties',
  'patternProperties',
  'items',
  'prefixItems',
  'additionalItems',
  'allOf',
  '$ref',
  'false',
]);

/** Compiled validators per (immutable) catalog schema object. */
const validators = new WeakMap<object, Validator>();

/**
 * Validates a tool's input before `execute`: with the tool's own schema
 * validator when it has one, whose parsed value (defaults, coercions) is
 * returned; otherwise against its JSON Schema, and the input is returned as is.
 *
 * @example
 * const result = await validateToolInput({ tool: entry.tool, parameters: entry.parameters, input });
 * if (!result.success) console.log(result.issues); // [{ path: '/title', message: '…' }]
 */
export async function validateToolInput({
  tool,
  parameters,
  input,
}: ValidateToolInputOptions): Promise<ToolInputValidation> {
  const schema = asSchema(tool.inputSchema);
  if (schema.validate !== undefined) {
    const result = await schema.validate(input);
    if (result.success) return { success: true, value: result.value };
    return { success: false, issues: issuesOfError(result.error) };
  }
  const { valid, errors } = jsonSchemaValidator(parameters).validate(input);
  if (valid) return { success: true, value: input };
  // Container keywords only say that a child failed; the child's own error says why.
  const specific = errors.filter((error) => !containerKeywords.has(error.keyword));
  const issues: ToolInputIssue[] = [];
  const seen = new Set<string>();
  for (const error of specific.length > 0 ? specific : errors) {
    const issue = { path: pointerOf(error.instanceLocation), message: error.error };
    const key = `${issue.path}\n${issue.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    issues.push(issue);
  }
  return { success: false, issues };
}

/**
 * Validators of the boolean schemas `true` (any input) and `false` (none): JSON
 * Schemas too, which plain `ai` accepts, and which no WeakMap can key.
 */
const booleanValidators = {
  true: new Validator(true, '7', false),
  false: new Validator(false, '7', false),
};

function jsonSchemaValidator(parameters: JSONSchema7): Validator {
  const schema: unknown = parameters;
  if (typeof schema === 'boolean') return booleanValidators[schema ? 'true' : 'false'];
  let validator = validators.get(parameters);
  if (validator === undefined) {
    // Structure only: a schema's own patterns and formats would run over the model's text.
    validator = new Validator(
      structuralSchema(parameters) as CfworkerSchema,
      draftOf(parameters),
      false,
    );
    validators.set(parameters, validator);
  }
  return validator;
}

function draftOf(parameters: JSONSchema7): SchemaDraft {
  const declared = typeof parameters.$schema === 'string' ? parameters.$schema : '';
  if (declared.includes('draft-04')) return '4';
  if (declared.includes('2019-09')) return '2019-09';
  if (declared.includes('2020-12')) return '2020-12';
  return '7';
}

/** `#/a/b` (cfworker's instance location) → `/a/b`. */
function pointerOf(location: string): string {
  return location.startsWith('#') ? location.slice(1) : location;
}

/** Issues from a zod error, or a `TypeValidationError` whose cause is one or a list of Standard Schema issues. */
function issuesOfError(error: unknown): ToolInputIssue[] {
  const rawIssues = [error, (error as { cause?: unknown } | undefined)?.cause]
    .map((candidate) =>
      Array.isArray(candidate) ? candidate : (candidate as { issues?: unknown } | null)?.issues,
    )
    .find(Array.isArray) as unknown[] | undefined;
  if (rawIssues === undefined) {
    const message = error instanceof Error ? error.message : String(error);
    return [{ path: '', message }];
  }
  return rawIssues.map((raw) => {
    const { path = [], message = 'Invalid value' } = (raw ?? {}) as {
      path?: readonly unknown[];
      message?: string;
    };
    const segments = path.map((segment) =>
      String(
        segment != null && typeof segment === 'object' && 'key' in segment
          ? (segment as { key: unknown }).key
          : segment,
      )
        .replaceAll('~', '~0')
        .replaceAll('/', '~1'),
    );
    return { path: segments.map((segment) => `/${segment}`).join(''), message };
  });
}
