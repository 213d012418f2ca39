export {
  aggregateObservations,
  type E2eAggregate,
  type E2eStatistic,
} from './aggregate-observations.js';
export { createScriptedE2eModel, NO_CAPABILITY_ANSWER } from './create-scripted-e2e-model.js';
export {
  E2E_FAILURE_KINDS,
  type E2eFailureKind,
  type E2eModelInfo,
  type E2eObservation,
} from './e2e-observation.js';
export { E2E_PROFILE, E2E_PROFILE_PINS } from './e2e-profile-pins.js';
export {
  E2E_POLICY,
  E2E_SCENARIOS,
  E2E_TASKS,
  type E2eScenario,
  type E2eStage,
  type E2eTask,
} from './e2e-tasks.js';
export { type RunE2eOptions, runE2e } from './run-e2e.js';
