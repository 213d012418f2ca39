/** Defer when more tools than this are authorized (`maxTools`), and promote no further. */
export const DEFAULT_MAX_TOOLS = 32;

/** Defer when all authorized definitions cost more tokens than this (`maxTokens`). */
export const DEFAULT_MAX_TOKENS = 12_000;
