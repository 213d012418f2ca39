import type { McpToolClient, McpToolDefinition } from './mcp-tool-client.js';

/** Every tool a server lists, following `nextCursor` across pages. */
export async function listAllTools(client: McpToolClient): Promise<McpToolDefinition[]> {
  const tools: McpToolDefinition[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.listTools(cursor === undefined ? undefined : { params: { cursor } });
    tools.push(...page.tools);
    cursor = page.nextCursor ?? undefined;
  } while (cursor !== undefined);
  return tools;
}
