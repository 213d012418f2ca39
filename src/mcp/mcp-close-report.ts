/** A client `close()` of `createMcpToolsFromSnapshot` could not close. */
export interface McpCloseFailure {
  /** The server's name in the snapshot. */
  readonly server: string;
  /**
   * `timeout`: the client's close did not settle within `closeTimeoutMs` and
   * was no longer waited for; `error`: it threw or rejected with `error`.
   */
  readonly reason: 'timeout' | 'error';
  /** What the client's close threw, for `reason: 'error'`. */
  readonly error?: unknown;
}

/**
 * What `close()` of `createMcpToolsFromSnapshot` did: every client it closed
 * and every one it could not, since the previous `close()`, by server name.
 */
export interface McpCloseReport {
  /** Servers whose client closed, one entry a client. */
  readonly closed: readonly string[];
  /** Clients whose close threw or did not settle in time. */
  readonly failed: readonly McpCloseFailure[];
}
