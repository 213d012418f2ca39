import type { BRIDGE_TOOL_NAMES } from '../catalog/bridge-tool-names.js';
import { ToolBridgeError } from '../error/tool-bridge-error.js';

type BridgeName = (typeof BRIDGE_TOOL_NAMES)[number];

/** What each bridge's input looks like, for a model whose input was not JSON. */
const inputShapes: Readonly<Record<BridgeName, { shape: string; skipped: string }>> = {
  tool_search: { shape: '{"query": "what the tool should do"}', skipped: 'nothing was searched' },
  tool_describe: {
    shape: '{"name": "a tool name tool_search returned"}',
    skipped: 'nothing was described',
  },
  tool_call: {
    shape: '{"name": "a tool name tool_search returned", "arguments": {...the tool\'s arguments}}',
    skipped: 'no tool ran',
  },
};

/**
 * The answer to a bridge call whose input was not JSON: what went wrong, and
 * the shape of the input to send instead.
 *
 * @example
 * bridgeInputNotJson('tool_search').message;
 * // 'The tool_search input was not valid JSON, so nothing was searched. Send one JSON object: {"query": "what the tool should do"}.'
 */
export function bridgeInputNotJson(bridge: BridgeName): ToolBridgeError {
  const { shape, skipped } = inputShapes[bridge];
  return new ToolBridgeError({
    kind: 'invalid_arguments',
    message: `The ${bridge} input was not valid JSON, so ${skipped}. Send one JSON object: ${shape}.`,
  });
}
