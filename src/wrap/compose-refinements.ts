import { asSchema, InvalidToolInputError, type Tool } from 'ai';
import { validateToolInput } from '../bridge/validate-tool-input.js';
import type { CatalogEntry } from '../catalog/catalog-entry.js';
import { createComputedRecord } from '../util/create-computed-record.js';
import type { AppNames } from './create-app-names.js';
import { asRecord, keyedByNames } from './rekey-settings.js';

type Refinement = (input: unknown) => unknown;

export interface ComposeRefinementsOptions {
  /** The app's `experimental_refineToolInput`, keyed by any spelling of a tool. */
  userRefinements: unknown;
  names: AppNames;
  /** The request's own tool for an entry. */
  toolOf: (entry: CatalogEntry) => Tool | undefined;
}

/**
 * Composes `experimental_refineToolInput` above the caps: the app's own
 * refinements, keyed by the app's names, and before each of them a check of
 * the input against the tool's JSON Schema for a tool whose schema `ai` does
 * not validate (`jsonSchema()` tools, MCP tools), its structure only (no
 * `pattern`, no `format`: a third-party pattern can backtrack for years).
 * Input the check refuses is an `InvalidToolInputError`, as `ai` reports a
 * zod schema's: the app's `repairToolCall` is offered it, and the call is
 * neither approved nor run. `ai` runs refinements after parsing and before
 * approval, so what is approved is what was checked. Looked up as `ai` looks
 * refinements up, per tool, without a copy of every tool's entry.
 */
export function composeRefinements({
  userRefinements,
  names,
  toolOf,
}: ComposeRefinementsOptions): unknown {
  const refinements = asRecord(keyedByNames(userRefinements, names.namesOf));
  const userRefinementOf = (name: string) =>
    Object.hasOwn(refinements, name) && typeof refinements[name] === 'function'
      ? (refinements[name] as Refinement)
      : undefined;
  const composed = new Map<string, Refinement | undefined>();
  return createComputedRecord<Refinement>(Object.keys(refinements), (name) => {
    if (composed.has(name)) return composed.get(name);
    const entry = names.entryOf(name);
    const tool = entry === undefined ? undefined : toolOf(entry);
    const refine = userRefinementOf(name);
    const checked =
      entry === undefined || tool === undefined || asSchema(tool.inputSchema).validate !== undefined
        ? refine
        : async (input: unknown) => {
            const validation = await validateToolInput({
              tool,
              parameters: entry.parameters,
              input,
            });
            if (!validation.success) {
              const issues = validation.issues.map(({ path, message }) =>
                path === '' ? message : `${path}: ${message}`,
              );
              throw new InvalidToolInputError({
                toolName: name,
                toolInput: JSON.stringify(input),
                // Text, so the message reads "Invalid input for tool …: The input …", not "Error: …".
                cause: `The input does not match the parameter schema: ${issues.join('; ')}`,
              });
            }
            return refine === undefined ? input : refine(input);
          };
    composed.set(name, checked);
    return checked;
  });
}
