import type { ToolSet } from 'ai';
import { BRIDGE_TOOL_NAMES } from '../catalog/bridge-tool-names.js';
import type { Disclosure } from '../disclosure/disclosure.js';

/**
 * Above the caps, the disclosure without the app's tools whose keys are a
 * bridge's name (a server may name a tool `tool_call`): the bridge takes that
 * name in `ai`'s tools, so such a tool cannot be reached and is left out (the
 * catalog warned of it when it was built). Below the caps it is advertised as
 * it is.
 */
export function withoutBridgeNames(
  disclosure: Disclosure,
  userTools: ToolSet,
  disclose: (extraDeny: readonly string[]) => Disclosure,
): Disclosure {
  if (!disclosure.deferred) return disclosure;
  const shadowed = BRIDGE_TOOL_NAMES.filter((name) => Object.hasOwn(userTools, name));
  if (shadowed.length === 0) return disclosure;
  return disclose(shadowed);
}
