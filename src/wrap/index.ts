export {
  type BridgeTools,
  type CreateBridgeToolsOptions,
  createBridgeTools,
  type ToolCallContext,
} from './create-bridge-tools.js';
export {
  type CallResolver,
  type CreateCallResolverOptions,
  createCallResolver,
} from './create-call-resolver.js';
export { type GenerateTextWithDisclosureOptions, generateText } from './generate-text.js';
export { type StreamTextWithDisclosureOptions, streamText } from './stream-text.js';
export {
  type ToolDisclosureOptions,
  type ToolDisclosureParams,
  withToolDisclosure,
  withToolDisclosureSync,
} from './with-tool-disclosure.js';
