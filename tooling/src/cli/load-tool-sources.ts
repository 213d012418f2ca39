import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { MCPClient } from '@ai-sdk/mcp';
import type { ToolSet } from 'ai';
import type { NamespaceDeclaration, ToolDefinition } from 'tool-disclosure/catalog';
import type { CliIo } from './cli-io.js';
import { CliUsageError } from './cli-usage-error.js';
import { asServerError, connectMcpServer } from './connect-mcp-server.js';
import { describeSourceError } from './describe-source-error.js';
import { loadCatalogFile } from './load-catalog-file.js';
import type { McpServerError } from './mcp-server-error.js';
import { type McpServerSpec, parseStdioSpec, parseUrlSpec } from './mcp-server-spec.js';
import { parseCount } from './parse-command-line.js';
import { parseMcpHeaders } from './parse-mcp-headers.js';
import { DEFAULT_MCP_TIMEOUT_MS, type ToolSourceFlags } from './tool-source-flags.js';

/** An MCP server that was listed, or that failed. */
export interface McpServerSummary {
  namespace: string;
  transport: 'stdio' | 'http' | 'sse';
  target: string;
  tools: number;
  error?: string;
}

/** Tools read from every source, ready for `createCatalog`; `close()` ends the MCP clients. */
export interface ToolSources {
  /** JSON definitions, from `--catalog`. */
  definitions: ToolDefinition[];
  /** Namespace descriptions of the catalog file, and one namespace per MCP server with its tools. */
  namespaces: Record<string, NamespaceDeclaration>;
  /** AI SDK tools from `--tools` modules. */
  tools: ToolSet;
  /** Every MCP server asked for, in command-line order, with its tool count or its error. */
  servers: McpServerSummary[];
  /** The connected MCP clients, one per server listed, in command-line order; closed by `close()`. */
  clients: { namespace: string; client: MCPClient }[];
  /** True when a source other than `--catalog` was given. */
  live: boolean;
  close(): Promise<void>;
}

/**
 * Reads the tools of every source flag: a catalog file, stdio and HTTP MCP
 * servers (connected concurrently, each within the time-out) and tools modules.
 * A failing server is an `McpServerError`, or with `--keep-going` a warning on
 * stderr. On any error every client already connected is closed before it is thrown.
 */
export async function loadToolSources(flags: ToolSourceFlags, io: CliIo): Promise<ToolSources> {
  const timeoutMs = parseCount('--mcp-timeout', flags['mcp-timeout'], 1) ?? DEFAULT_MCP_TIMEOUT_MS;
  const headers = parseMcpHeaders(flags['mcp-header'] ?? []);
  const specs = [
    ...(flags.mcp ?? []).map((value) => parseStdioSpec(value)),
    ...(flags['mcp-url'] ?? []).map((value) => parseUrlSpec(value)),
  ];
  const named = new Set<string>();
  for (const spec of specs) {
    if (spec.name === undefined) continue;
    if (named.has(spec.name)) {
      throw new CliUsageError({
        message: `two MCP servers are named "${spec.name}"; give each its own NAME=`,
      });
    }
    named.add(spec.name);
  }

  const file = flags.catalog === undefined ? undefined : await loadCatalogFile(flags.catalog);
  const tools = await loadToolModules(flags.tools ?? []);

  const clients: MCPClient[] = [];
  const close = async () => {
    await Promise.allSettled(clients.splice(0).map((client) => client.close()));
  };
  const settled = await Promise.allSettled(
    specs.map((spec) =>
      connectMcpServer(spec, { timeoutMs, headers, environment: io.environment }).then((server) => {
        clients.push(server.client);
        return server;
      }),
    ),
  );

  const servers: McpServerSummary[] = [];
  const failures: McpServerError[] = [];
  const namespaces: Record<string, NamespaceDeclaration> = { ...file?.namespaces };
  const connected: ToolSources['clients'] = [];
  const taken = new Set<string>();
  try {
    for (const [index, outcome] of settled.entries()) {
      const spec = specs[index] as McpServerSpec;
      if (outcome.status === 'rejected') {
        const error = asServerError(outcome.reason, spec, 'start');
        failures.push(error);
        servers.push({
          namespace: spec.name ?? spec.target,
          transport: spec.transport,
          target: spec.target,
          tools: 0,
          error: error.message,
        });
        continue;
      }
      const server = outcome.value;
      if (taken.has(server.namespace)) {
        throw new CliUsageError({
          message: `two MCP servers are both named "${server.namespace}"; give them names with NAME=`,
        });
      }
      taken.add(server.namespace);
      connected.push({ namespace: server.namespace, client: server.client });
      namespaces[server.namespace] = {
        ...(server.instructions?.trim()
          ? { description: server.instructions.trim() }
          : namespaces[server.namespace]?.description !== undefined
            ? { description: namespaces[server.namespace]?.description }
            : {}),
        tools: server.tools,
      };
      servers.push({
        namespace: server.namespace,
        transport: server.transport,
        target: spec.target,
        tools: Object.keys(server.tools).length,
      });
    }
    if (failures.length > 0) {
      if (flags['keep-going'] !== true) {
        for (const failure of failures.slice(1)) io.stderr(`tool-disclosure: ${failure.message}\n`);
        throw failures[0];
      }
      for (const failure of failures) {
        io.stderr(`tool-disclosure: warning: ${failure.message} (skipped: --keep-going)\n`);
      }
    }
  } catch (error) {
    await close();
    throw error;
  }
  return {
    definitions: file?.tools ?? [],
    namespaces,
    tools,
    servers,
    clients: connected,
    live: specs.length > 0 || (flags.tools?.length ?? 0) > 0,
    close,
  };
}

/** Imports each tools module and merges the records; a clash of names is a usage error. */
async function loadToolModules(paths: readonly string[]): Promise<ToolSet> {
  const merged: ToolSet = {};
  for (const path of paths) {
    const absolute = resolve(path);
    let module: Record<string, unknown>;
    try {
      module = (await import(pathToFileURL(absolute).href)) as Record<string, unknown>;
    } catch (error) {
      throw new CliUsageError({
        message: `cannot load tools module ${absolute}: ${describeSourceError(error)}`,
        cause: error,
      });
    }
    let value = module.default ?? module.tools;
    if (typeof value === 'function') value = await (value as () => unknown)();
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      throw new CliUsageError({
        message: `tools module ${absolute} must export (as default or "tools") an AI SDK tools record, or a function returning one`,
      });
    }
    for (const [name, tool] of Object.entries(value)) {
      if (tool === null || typeof tool !== 'object') {
        throw new CliUsageError({
          message: `tool "${name}" in ${absolute} is not an AI SDK tool (found ${tool === null ? 'null' : typeof tool})`,
        });
      }
      if (Object.hasOwn(merged, name)) {
        throw new CliUsageError({
          message: `two tools modules export a tool named "${name}"`,
        });
      }
      merged[name] = tool as ToolSet[string];
    }
  }
  return merged;
}
