import type { McpCloseFailure } from './mcp-close-report.js';
import type { McpToolClient } from './mcp-tool-client.js';

/** How closing one client went. */
export type CloseOutcome = { readonly server: string; readonly closed: true } | McpCloseFailure;

/**
 * Closes `client`, waiting at most `timeoutMs`: never rejects, and settles
 * even when the client's close never does (that close is left to itself).
 */
export function closeClientWithin(
  server: string,
  client: McpToolClient,
  timeoutMs: number,
): Promise<CloseOutcome> {
  return new Promise<CloseOutcome>((resolve) => {
    const timer = setTimeout(() => resolve({ server, reason: 'timeout' }), timeoutMs);
    const settle = (outcome: CloseOutcome) => {
      clearTimeout(timer);
      resolve(outcome);
    };
    // Called in a then, so a close that throws at once is caught like one that rejects.
    Promise.resolve()
      .then(() => client.close())
      .then(
        () => settle({ server, closed: true }),
        (error: unknown) => settle({ server, reason: 'error', error }),
      );
  });
}
