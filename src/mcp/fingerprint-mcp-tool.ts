import { contentDigest } from '../util/content-digest.js';
import { canonicalJson } from './canonical-json.js';
import type { McpToolDefinition } from './mcp-tool-client.js';

/**
 * The SHA-256 (hex) of what a model is shown of an MCP tool and what decides
 * which arguments pass: its name, description, input schema and annotations,
 * as canonical JSON. Cryptographic because the content comes from servers
 * that may change it on purpose to match an old fingerprint.
 *
 * @example
 * fingerprintMcpTool({ name: 'files.read', inputSchema: { type: 'object' } }); // 64 hex characters
 */
export function fingerprintMcpTool(tool: McpToolDefinition): string {
  return contentDigest(
    canonicalJson({
      name: tool.name,
      description: tool.description ?? null,
      inputSchema: tool.inputSchema,
      annotations: tool.annotations ?? null,
    }),
  );
}
