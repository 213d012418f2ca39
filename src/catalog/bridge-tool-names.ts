/** Names reserved for the bridge tools. */
export const BRIDGE_TOOL_NAMES = ['tool_search', 'tool_describe', 'tool_call'] as const;
