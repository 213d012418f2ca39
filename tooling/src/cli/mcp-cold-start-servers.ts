import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { McpBenchServer } from '../bench/measure-mcp-cold-start.js';

/**
 * Three stdio servers for the MCP cold start: the repository's fixture server
 * under three names, run by this Node.js; none outside a checkout.
 */
export function mcpColdStartServers(): McpBenchServer[] {
  const fixture = fileURLToPath(new URL('../../../test/fixtures/mcp-server.ts', import.meta.url));
  if (!existsSync(fixture)) return [];
  return ['alpha', 'beta', 'gamma'].map((name) => ({
    name,
    command: process.execPath,
    args: ['--experimental-strip-types', '--no-warnings', fixture],
  }));
}
