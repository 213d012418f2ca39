import { BRIDGE_TOOL_NAMES } from '../catalog/create-catalog.js';
import type { NamesOf } from './create-name-mapper.js';
import { rekeySettings, type SettingsRecord } from './rekey-settings.js';

/** The `toolsContext` setting, for a deferred surface. */
export interface ToolsContextComposition {
  /**
   * The contexts as the user's callbacks see them (`prepareStep`,
   * `prepareCall`, a `toolApproval` function): keyed by the names the tools
   * have below the caps (the user's record keys), without the bridges' own.
   */
  forUser(toolsContext: unknown): SettingsRecord;
  /**
   * The contexts the SDK receives for a step: the user's, plus each bridge's
   * own (the step's reach; for `tool_call`, the user's contexts, from which
   * the real tool gets its entry).
   */
  inject(toolsContext: unknown, stepReach: readonly string[] | undefined): SettingsRecord;
}

/**
 * Composes `toolsContext`: a context keyed by any spelling of a tool reaches
 * it, and the bridges learn the step's reach from their own entries, which
 * the user can neither see nor set.
 */
export function composeToolsContext(
  namesOf: NamesOf,
  userNameOfWireName: (name: string) => string | undefined,
): ToolsContextComposition {
  const strip = (toolsContext: unknown): SettingsRecord => {
    const rekeyed = rekeySettings(toolsContext, namesOf);
    for (const name of BRIDGE_TOOL_NAMES) delete rekeyed[name];
    return rekeyed;
  };
  return {
    forUser: (toolsContext) =>
      rekeySettings(strip(toolsContext), (name) => [userNameOfWireName(name) ?? name]),
    inject(toolsContext, stepReach) {
      const stripped = strip(toolsContext);
      const reach = stepReach === undefined ? {} : { reach: stepReach };
      return {
        ...stripped,
        tool_search: reach,
        tool_describe: reach,
        tool_call: { toolsContext: stripped, ...reach },
      };
    },
  };
}
