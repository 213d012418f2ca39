import type { ToolApprovalStatus } from 'ai';
import { argumentBoundsViolation } from '../bridge/argument-bounds.js';
import { type ToolInputValidation, validateToolInput } from '../bridge/validate-tool-input.js';
import type { CatalogEntry } from '../catalog/catalog-entry.js';
import type { CallResolver } from './create-call-resolver.js';
import type { CheckedArguments } from './create-checked-arguments.js';
import type { NamesOf } from './create-name-mapper.js';
import { parseArgumentsLeniently } from './parse-arguments-leniently.js';
import { asRecord, rekeySettings, type SettingsRecord } from './rekey-settings.js';
import { tryResolveTool } from './try-resolve-tool.js';

type Rule = (input: unknown, options: SettingsRecord) => unknown;

export interface ComposeApprovalOptions {
  resolver: CallResolver;
  /** The user's `toolApproval`: a function, a record keyed by any spelling, or undefined. */
  userApproval: unknown;
  /** The SDK names a user's key means (wire names, above the caps). */
  namesOf: NamesOf;
  /** The contexts as the user's callbacks see them, from the contexts the SDK passes. */
  forUser: (toolsContext: unknown) => SettingsRecord;
  /** The name a tool has below the caps: its key in the user's `tools`, or its wire name. */
  userNameOf: (entry: CatalogEntry) => string;
  /** Where each validation of a bridged call's arguments is kept, so `tool_call` runs on it. */
  checked: CheckedArguments;
}

/**
 * Composes `toolApproval` so a bridged call is approved under the rule of the
 * tool that will run: the call's resolver, within the step's reach (read from
 * `tool_call`'s context), names the tool, exactly as `tool_call` will when it
 * executes. A user function sees the real tool under the name it has below
 * the caps, its validated input and the tool itself in `tools`, for bridged
 * and advertised calls alike; a user record keyed by any spelling applies, else
 * the tool's own `needsApproval`. A name that resolves to nothing needs no
 * approval because nothing will run: `tool_call` answers `unknown_tool`.
 */
export function composeApproval({
  resolver,
  userApproval,
  namesOf,
  forUser,
  userNameOf,
  checked,
}: ComposeApprovalOptions): unknown {
  const bridged = (input: unknown, bridgeContext: unknown) => {
    const { name, arguments: args } = asRecord(input);
    const entry = tryResolveTool(resolver.forRefinedCall(reachOf(bridgeContext)), name);
    if (entry?.tool === undefined) return undefined;
    // Over-large arguments are refused by tool_call before anything runs.
    if (argumentBoundsViolation(args) !== undefined) return undefined;
    return { entry, input: parseArgumentsLeniently(args) };
  };
  // The answer the approval rule is given is the answer tool_call runs on: one validation per call.
  const validate = async (callInput: unknown, entry: CatalogEntry, args: unknown) => {
    const validated = await validInput(entry, args);
    if (validated.kind !== 'unknown' && validated.validation !== undefined) {
      checked.set(callInput, entry.wireName, validated.validation);
    }
    return validated;
  };

  if (typeof userApproval === 'function') {
    return async (approvalOptions: SettingsRecord) => {
      const toolCall = asRecord(approvalOptions.toolCall);
      const toolsContext = forUser(approvalOptions.toolsContext);
      // The function sees a real tool under the name it has below the caps (the user's record
      // key), with the tool itself in `tools`, so one function serves below and above the caps.
      const ask = (entry: CatalogEntry | undefined, override: SettingsRecord) => {
        const name = entry === undefined ? undefined : userNameOf(entry);
        return (userApproval as (options: SettingsRecord) => unknown)({
          ...approvalOptions,
          toolsContext,
          ...(name === undefined
            ? {}
            : {
                toolCall: { ...toolCall, toolName: name, ...override },
                tools: { ...asRecord(approvalOptions.tools), [name]: entry?.tool },
              }),
        });
      };
      if (toolCall.toolName !== 'tool_call') {
        const direct = resolver.byWireName(toolCall.toolName);
        return ask(direct?.tool === undefined ? undefined : direct, {});
      }
      const call = bridged(toolCall.input, asRecord(approvalOptions.toolsContext).tool_call);
      if (call === undefined) return 'not-applicable';
      const validated = await validate(toolCall.input, call.entry, call.input);
      if (validated.kind === 'invalid') return 'not-applicable';
      if (validated.kind === 'unknown') return 'user-approval';
      // The input as the tool will receive it: validated, with its defaults and transforms.
      return ask(call.entry, { input: validated.value });
    };
  }

  const record = rekeySettings(userApproval, namesOf);
  if (Object.hasOwn(record, 'tool_call')) return record;
  record.tool_call = async (
    input: unknown,
    ruleOptions: SettingsRecord,
  ): Promise<ToolApprovalStatus> => {
    const bridgeContext = asRecord(ruleOptions.toolContext);
    const call = bridged(input, bridgeContext);
    if (call === undefined) return 'not-applicable';
    const { entry } = call;
    // ai treats a nullish entry in a toolApproval record as absent: the tool's own rule applies.
    const userRule = Object.hasOwn(record, entry.wireName) ? record[entry.wireName] : undefined;
    const rule = userRule ?? entry.tool?.needsApproval;
    if (rule === undefined || rule === false || rule === null) return 'not-applicable';
    const validated = await validate(input, entry, call.input);
    // An invalid call is not asked about, as plain ai does: tool_call refuses it (invalid_arguments).
    if (validated.kind === 'invalid') return 'not-applicable';
    // A schema that throws cannot say what the call does: ask, rather than let it pass.
    if (validated.kind === 'unknown') return 'user-approval';
    if (typeof rule !== 'function') {
      return rule === true ? 'user-approval' : (rule as ToolApprovalStatus);
    }
    const contexts = asRecord(bridgeContext.toolsContext);
    const context = Object.hasOwn(contexts, entry.wireName) ? contexts[entry.wireName] : undefined;
    const { toolCallId, messages, runtimeContext } = ruleOptions;
    if (userRule != null) {
      return (await (rule as Rule)(validated.value, {
        toolCallId,
        messages,
        toolContext: context,
        runtimeContext,
      })) as ToolApprovalStatus;
    }
    const needs = await (rule as Rule)(validated.value, { toolCallId, messages, context });
    return needs ? 'user-approval' : 'not-applicable';
  };
  return record;
}

async function validInput(
  entry: CatalogEntry,
  input: unknown,
): Promise<
  | { kind: 'valid'; value: unknown; validation: ToolInputValidation }
  | { kind: 'invalid'; validation?: ToolInputValidation }
  | { kind: 'unknown' }
> {
  if (input == null || typeof input !== 'object' || Array.isArray(input))
    return { kind: 'invalid' };
  try {
    const validation = await validateToolInput({
      tool: entry.tool as NonNullable<CatalogEntry['tool']>,
      parameters: entry.parameters,
      input,
    });
    return validation.success
      ? { kind: 'valid', value: validation.value, validation }
      : { kind: 'invalid', validation };
  } catch {
    return { kind: 'unknown' };
  }
}

function reachOf(bridgeContext: unknown): readonly string[] | undefined {
  const reach = asRecord(bridgeContext).reach;
  return Array.isArray(reach)
    ? reach.filter((name): name is string => typeof name === 'string')
    : undefined;
}
