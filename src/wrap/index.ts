// tool-disclosure/wrap: the wrap folder's building blocks, exported for the tooling package
// (@tool-disclosure/tooling) only: internal, not a stable API; apps use the root entry.
export { freezeTools } from './freeze-tools.js';
export { type GenerateTextWithDisclosureOptions, generateText } from './generate-text.js';
export { type StreamTextWithDisclosureOptions, streamText } from './stream-text.js';
export { validateToolDisclosureOptions } from './tool-disclosure-options.js';
export {
  type ToolDisclosureOptions,
  type ToolDisclosureParams,
  withToolDisclosure,
  withToolDisclosureSync,
} from './with-tool-disclosure.js';
