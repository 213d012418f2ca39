export {
  DISTRACTOR_GENERATOR_VERSION,
  DISTRACTOR_SEED,
  generateDistractors,
  padWithDistractors,
} from './generate-distractors.js';
