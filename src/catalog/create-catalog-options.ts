import type { ToolSet } from 'ai';
import type { ToolDefinition } from './tool-definition.js';

/** Tools declared under one namespace, with an optional description of the service. */
export interface NamespaceDeclaration {
  description?: string;
  tools?: ToolSet;
}

export interface CreateCatalogOptions {
  /** A flat AI SDK tools record, as passed to `generateText`. */
  tools?: ToolSet;
  /**
   * Tools grouped by namespace (for example one entry per MCP client), and
   * descriptions of namespaces shown in the catalog header.
   */
  namespaces?: Record<string, NamespaceDeclaration>;
  /** Tools described as JSON, such as a catalog file's `tools` array. */
  definitions?: readonly ToolDefinition[];
  /**
   * Names or globs of tools that are always advertised, matched against every
   * spelling of a tool: canonical id, record key, wire name and encoded id. @default []
   */
  core?: readonly string[];
  /** The namespace of tools for which nothing else names one. @default 'default' */
  defaultNamespace?: string;
  /** Context handed to tools whose description is a function, keyed by tool name. */
  toolsContext?: Record<string, unknown>;
  /**
   * What to do with a name the catalog cannot keep: a wire name reserved for
   * a bridge, or two tools with one canonical id or wire name. `reject`
   * throws (`InvalidToolDefinitionError`, `WireNameCollisionError`);
   * `rename` gives the tool a deterministic alternative (a reserved name its
   * `__`-encoded id; the second of two tools its local name and a short hash
   * of its key) and lists it in the catalog's `renamed`. The wrapper renames:
   * a tool's name is a third-party server's choice, and must not fail every
   * request. @default 'reject'
   */
  nameConflicts?: 'reject' | 'rename';
}
