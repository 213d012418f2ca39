import { argumentBoundsViolation, withinArgumentBounds } from '../bridge/argument-bounds.js';
import type { CatalogEntry } from '../catalog/catalog-entry.js';
import type { CallResolver } from './create-call-resolver.js';
import { parseArgumentsLeniently } from './parse-arguments-leniently.js';
import { asRecord, type SettingsRecord } from './rekey-settings.js';
import type { EmitEvent, ToolNameForm } from './tool-disclosure-event.js';
import { tryResolveTool } from './try-resolve-tool.js';

type Refinement = (input: unknown) => unknown;

/**
 * Composes `experimental_refineToolInput`: the user's refinements keyed by
 * wire name, plus the bridges' own, which run before a call is approved or
 * executed and decide what the message history keeps.
 *
 * `tool_call`'s asks the call's resolver which tool the name means within the
 * current step's reach (`stepReach`, set as each step is prepared) and writes
 * that tool's wire name into the input, with the arguments parsed and refined
 * by the user's refinement of that tool, so approval, execution, stop
 * conditions, the history and a chat UI all see the real tool. A name that
 * resolves to nothing is left for `tool_call` to refuse. Bridge inputs are
 * bounded first: arguments over the bounds are replaced by a short stand-in
 * (which `tool_call` answers with `invalid_arguments`), a name that is not a
 * string by null, and other fields are dropped, before anything recursive (a
 * user's refinement of the bridge, the SDK's cloning of the history) meets
 * them. Idempotent when the user's refinements are, as the SDK requires.
 */
export function composeRefinements(
  resolver: CallResolver,
  userRefinements: SettingsRecord,
  stepReach: () => readonly string[] | undefined,
  emit?: EmitEvent | undefined,
): SettingsRecord {
  const userBefore = (name: string) => {
    const refine = Object.hasOwn(userRefinements, name) ? userRefinements[name] : undefined;
    return async (input: unknown) =>
      typeof refine === 'function' ? (refine as Refinement)(input) : input;
  };
  const bounded = (name: string) => {
    const before = userBefore(name);
    return async (received: unknown) =>
      argumentBoundsViolation(received) === undefined ? before(received) : {};
  };
  const callBefore = userBefore('tool_call');

  return {
    ...userRefinements,
    tool_search: bounded('tool_search'),
    tool_describe: bounded('tool_describe'),
    tool_call: async (received: unknown) => {
      const raw = asRecord(received);
      const input = asRecord(
        await callBefore({
          name: typeof raw.name === 'string' ? raw.name : null,
          arguments: withinArgumentBounds(raw.arguments),
        }),
      );
      const name = typeof input.name === 'string' ? input.name : null;
      const args = withinArgumentBounds(input.arguments);
      const entry = tryResolveTool(resolver.forStep(stepReach()), name);
      emit?.({
        type: 'resolve',
        tool: entry?.wireName,
        nameForm: entry === undefined ? 'unresolved' : nameFormOf(entry, name as string),
      });
      if (entry === undefined || argumentBoundsViolation(args) !== undefined) {
        return { name: entry?.wireName ?? name, arguments: args };
      }
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

/** Which spelling of a tool's name the model used (the resolver's order of forms). */
function nameFormOf(entry: CatalogEntry, name: string): ToolNameForm {
  const requested = name.trim();
  if (requested === entry.wireName) return 'wire';
  if (requested === entry.id) return 'canonical';
  if (requested === entry.encodedId) return 'encoded';
  if (requested === entry.key) return 'key';
  if (requested === entry.localName || requested === entry.localName.replaceAll('.', '__')) {
    return 'bare';
  }
  return 'case-insensitive';
}
