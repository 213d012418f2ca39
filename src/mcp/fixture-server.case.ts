import { fileURLToPath } from 'node:url';
import { createMCPClient, type MCPClient } from '@ai-sdk/mcp';
import { Experimental_StdioMCPTransport } from '@ai-sdk/mcp/mcp-stdio';

const serverScript = fileURLToPath(new URL('../../test/fixtures/mcp-server.ts', import.meta.url));

/** How to start the fixture server (test/fixtures/mcp-server.ts). */
export interface FixtureServerOptions {
  /** `changed` gives `issues/create` a new required parameter; `vanished` drops `files.read`. */
  readonly variant?: 'changed' | 'vanished';
  /** A file the server appends the name of every tool it runs to. */
  readonly callLog?: string;
}

/**
 * Starts the real fixture MCP server as a child process over stdio and
 * connects a client to it, as an app's `connect` would.
 */
export function connectFixtureServer({
  variant,
  callLog,
}: FixtureServerOptions = {}): Promise<MCPClient> {
  return createMCPClient({
    clientName: 'forge',
    transport: new Experimental_StdioMCPTransport({
      // The Node 22 running the tests, with type stripping for the .ts fixture.
      command: process.execPath,
      args: ['--experimental-strip-types', '--no-warnings', serverScript],
      env: {
        ...(variant === undefined ? {} : { MCP_FIXTURE_VARIANT: variant }),
        ...(callLog === undefined ? {} : { MCP_FIXTURE_CALL_LOG: callLog }),
      },
      // The MCP SDK warns on stderr about "/" in tool names; keep test output clean.
      stderr: 'ignore',
    }),
  });
}
