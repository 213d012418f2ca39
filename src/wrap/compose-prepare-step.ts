import type { ModelMessage } from 'ai';
import type { ToolsComposition } from './compose-tools.js';
import type { ToolsContextComposition } from './compose-tools-context.js';
import type { NamesOf } from './create-name-mapper.js';
import { asRecord, renameToolChoice, type SettingsRecord } from './rekey-settings.js';
import { typeApprovalDenials } from './type-approval-denials.js';

type Prepare = (options: SettingsRecord) => unknown;

export interface ComposePrepareStepOptions {
  tools: ToolsComposition;
  context: ToolsContextComposition;
  /** The wire names a user's `activeTools` value allows; undefined when it sets none. */
  reachOf: (userActiveTools: unknown) => string[] | undefined;
  /** The user's settings-level `activeTools` and `toolOrder`. */
  userActiveTools: unknown;
  userToolOrder: unknown;
  /** The tools to promote after a run's earlier steps (none without `promote`). */
  promoted: (steps: unknown) => string[];
  /** The SDK names a user's name for a tool means (a `toolChoice` returned by the user is renamed). */
  namesOf: NamesOf;
  /** Told each step's reach (and number) before the step runs: what input refinement resolves names within. */
  onStepReach: (reach: string[] | undefined, stepNumber: number) => void;
}

/**
 * The step's reach from a `prepareStep` / `prepareCall` result: its own
 * `activeTools` when it set some; one passed back as it came in (`{ ...step }`)
 * is the wrapper's advertised list, not the user's choice.
 */
function stepReach(
  options: Pick<ComposePrepareStepOptions, 'reachOf' | 'userActiveTools'>,
  result: SettingsRecord,
  incoming: SettingsRecord,
): string[] | undefined {
  return options.reachOf(
    result.activeTools !== undefined && result.activeTools !== incoming.activeTools
      ? result.activeTools
      : options.userActiveTools,
  );
}

/**
 * Composes `prepareStep`: the user's runs first (seeing contexts keyed as the
 * user keyed them); then the step's `activeTools`, `toolOrder` and contexts
 * are set from the reach the user chose, promoted tools are added within it,
 * and approval denials of bridged calls become typed errors the model reads.
 */
export function composePrepareStep(options: ComposePrepareStepOptions, userPrepareStep: unknown) {
  const { tools, context, userToolOrder, promoted, onStepReach, namesOf } = options;
  return async (stepOptions: SettingsRecord) => {
    const stripped = context.forUser(stepOptions.toolsContext);
    const result =
      typeof userPrepareStep === 'function'
        ? asRecord(await (userPrepareStep as Prepare)({ ...stepOptions, toolsContext: stripped }))
        : {};
    const messages = (result.messages ?? stepOptions.messages) as ModelMessage[] | undefined;
    const typedMessages = messages === undefined ? undefined : typeApprovalDenials(messages);
    const reach = stepReach(options, result, stepOptions);
    onStepReach(reach, typeof stepOptions.stepNumber === 'number' ? stepOptions.stepNumber : 0);
    // A promoted tool runs directly, past the bridges: it must be within the step's reach too.
    const promotedNames = promoted(stepOptions.steps).filter(
      (name) => reach === undefined || reach.includes(name),
    );
    return {
      ...result,
      ...(result.toolChoice === undefined
        ? {}
        : { toolChoice: renameToolChoice(result.toolChoice, namesOf) }),
      ...(typedMessages === undefined ? {} : { messages: typedMessages }),
      activeTools: [...tools.activeTools(reach), ...promotedNames],
      toolOrder: [...tools.toolOrder(result.toolOrder ?? userToolOrder), ...promotedNames],
      toolsContext: context.inject(result.toolsContext ?? stripped, reach),
    };
  };
}
