import { McpListingLimitError } from '../error/mcp-listing-limit-error.js';
import type { McpToolClient, McpToolDefinition } from './mcp-tool-client.js';
import { untilAborted } from './until-aborted.js';

/** How `listAllTools` lists a server, and where it stops. */
export interface ListAllToolsOptions {
  /** The server's name, for errors. */
  readonly server: string;
  /** Aborts the listing: passed to each `listTools` and raced with it. */
  readonly signal?: AbortSignal | undefined;
  /** The most `listTools` requests made. @default Infinity */
  readonly maxPages?: number;
  /** The most tools kept, all pages together. @default Infinity */
  readonly maxTools?: number;
}

/**
 * Every tool a server lists, following `nextCursor` across pages. Throws
 * `McpListingLimitError` when the server sends a cursor it sent before, needs
 * more than `maxPages` pages or lists more than `maxTools` tools; rejects with
 * the signal's reason as soon as `signal` aborts, and asks for no page after.
 */
export async function listAllTools(
  client: McpToolClient,
  {
    server,
    signal,
    maxPages = Number.POSITIVE_INFINITY,
    maxTools = Number.POSITIVE_INFINITY,
  }: ListAllToolsOptions,
): Promise<McpToolDefinition[]> {
  const tools: McpToolDefinition[] = [];
  const cursors = new Set<string>();
  let cursor: string | undefined;
  for (let pages = 1; ; pages += 1) {
    signal?.throwIfAborted();
    const request =
      cursor === undefined && signal === undefined
        ? undefined
        : {
            ...(cursor === undefined ? {} : { params: { cursor } }),
            ...(signal === undefined ? {} : { options: { signal } }),
          };
    const page = await untilAborted(client.listTools(request), signal);
    if (page == null || !Array.isArray(page.tools)) {
      throw new Error('a page of its tools/list answer has no tools array');
    }
    if (tools.length + page.tools.length > maxTools) {
      throw new McpListingLimitError({ server, limit: 'tools', max: maxTools });
    }
    for (const tool of page.tools) tools.push(tool);
    const next: unknown = page.nextCursor;
    if (next == null) return tools;
    if (typeof next !== 'string') {
      throw new Error('a page of its tools/list answer has a nextCursor that is not a string');
    }
    if (cursors.has(next)) throw new McpListingLimitError({ server, limit: 'cursor' });
    if (pages >= maxPages)
      throw new McpListingLimitError({ server, limit: 'pages', max: maxPages });
    cursors.add(next);
    cursor = next;
  }
}
