import type { LanguageModel } from 'ai';
import type { CatalogEntry } from '../catalog/catalog-entry.js';
import type { AppNames } from './create-app-names.js';
import type { ModelView } from './create-model-view.js';
import { asRecord, keyedByNames, renameToolChoice, type SettingsRecord } from './rekey-settings.js';

type Prepare = (options: SettingsRecord) => unknown;

export interface ComposePrepareStepOptions {
  view: ModelView;
  names: AppNames;
  /** The wire names an `activeTools` value (any spelling) reaches; undefined when it sets none. */
  reachOf: (activeTools: unknown) => string[] | undefined;
  /** The settings' own `activeTools`. */
  userActiveTools: unknown;
  /** The `toolOrder` `ai` is given for a `toolOrder` of the app's (or none). */
  toolOrderOf: (userOrder: unknown) => string[];
  /** The tools a step promotes after the run's earlier steps (none without `promote`). */
  promoted: (steps: unknown) => readonly CatalogEntry[];
  /** A model the app's `prepareStep` returned, as the wrapper hands it to `ai`. */
  wrapModel: (model: LanguageModel) => LanguageModel;
  /** Told the number of each step before it runs. */
  onStep: (stepNumber: number) => void;
}

/**
 * Composes `prepareStep` above the caps. The app's runs first and sees what
 * it would see without the wrapper: its own tools, steps and messages. Then
 * the step's reach is set from the `activeTools` it chose (the model view
 * resolves names and shows tools within it; `ai` itself is given none, so it
 * can run any tool the view lets through), a model it returned is wrapped
 * like the settings' model, a tool choice, tool order or contexts keyed by
 * any spelling of a tool are keyed by the app's names, and the tools to
 * promote are chosen.
 */
export function composePrepareStep(options: ComposePrepareStepOptions, userPrepareStep: unknown) {
  const { view, names, reachOf, userActiveTools, toolOrderOf, promoted, wrapModel, onStep } =
    options;
  return async (stepOptions: SettingsRecord) => {
    const result =
      typeof userPrepareStep === 'function'
        ? asRecord(await (userPrepareStep as Prepare)(stepOptions))
        : {};
    const chosen =
      result.activeTools !== undefined && result.activeTools !== stepOptions.activeTools
        ? result.activeTools
        : userActiveTools;
    view.enterStep(reachOf(chosen), promoted(stepOptions.steps));
    onStep(typeof stepOptions.stepNumber === 'number' ? stepOptions.stepNumber : 0);
    const prepared: SettingsRecord = { ...result, activeTools: undefined };
    if (result.model !== undefined) prepared.model = wrapModel(result.model as LanguageModel);
    if (result.toolChoice !== undefined) {
      prepared.toolChoice = renameToolChoice(result.toolChoice, names.namesOf);
    }
    if (result.toolOrder !== undefined) prepared.toolOrder = toolOrderOf(result.toolOrder);
    if (result.toolsContext !== undefined) {
      prepared.toolsContext = keyedByNames(result.toolsContext, names.namesOf);
    }
    return prepared;
  };
}
