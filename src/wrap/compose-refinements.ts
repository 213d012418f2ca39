import { argumentBoundsViolation } from '../bridge/argument-bounds.js';
import type { CallResolver } from './create-call-resolver.js';
import { parseArgumentsLeniently } from './parse-arguments-leniently.js';
import { asRecord, type SettingsRecord } from './rekey-settings.js';
import { tryResolveTool } from './try-resolve-tool.js';

type Refinement = (input: unknown) => unknown;

/**
 * Composes `experimental_refineToolInput`: the user's refinements keyed by
 * wire name, plus `tool_call`'s, which runs before the call is approved or
 * executed. It asks the call's resolver which tool the name means and writes
 * that tool's wire name into the input, with the arguments parsed and refined
 * by the user's refinement of that tool, so approval, execution, stop
 * conditions, the message history and a chat UI all see the real tool. A
 * name that resolves to nothing, and arguments over the bounds, are left as
 * they are for `tool_call` to refuse. A user's own `tool_call` refinement runs
 * first. Idempotent when the user's refinements are, as the SDK requires.
 */
export function composeRefinements(
  resolver: CallResolver,
  userRefinements: SettingsRecord,
): SettingsRecord {
  const before = Object.hasOwn(userRefinements, 'tool_call')
    ? (userRefinements.tool_call as Refinement)
    : undefined;
  return {
    ...userRefinements,
    tool_call: async (received: unknown) => {
      const input = typeof before === 'function' ? await before(received) : received;
      const { name, arguments: args } = asRecord(input);
      const entry = tryResolveTool(resolver.forStep(undefined), name);
      if (entry === undefined) return input;
      if (argumentBoundsViolation(args) !== undefined)
        return { name: entry.wireName, arguments: args };
      const parsed = parseArgumentsLeniently(args);
      if (parsed == null || typeof parsed !== 'object' || Array.isArray(parsed)) {
        return { name: entry.wireName, arguments: args };
      }
      const refine = Object.hasOwn(userRefinements, entry.wireName)
        ? userRefinements[entry.wireName]
        : undefined;
      const refined = typeof refine === 'function' ? await (refine as Refinement)(parsed) : parsed;
      return { name: entry.wireName, arguments: refined };
    },
  };
}
