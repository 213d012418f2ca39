import type { JSONSchema7, Tool } from 'ai';
import type { ToolAnnotations } from './tool-annotations.js';

/** One tool in a catalog, with every name the model may use for it. */
export interface CatalogEntry {
  /** Canonical dotted id, `namespace.local_name`. */
  readonly id: string;
  /** The name the provider sees, matching `^[a-zA-Z0-9_-]{1,64}$`. */
  readonly wireName: string;
  /** The canonical id with dots encoded as `__`. */
  readonly encodedId: string;
  /** The name the tool was given under (its key in the `tools` record). */
  readonly key: string;
  readonly namespace: string;
  /** What the namespace's declaration says of the service, when it says anything; searched. */
  readonly namespaceDescription: string | undefined;
  readonly localName: string;
  readonly description: string;
  /** The input JSON Schema exactly as the AI SDK sends it. */
  readonly parameters: JSONSchema7;
  /** What the tool returns, when it declares it; searched, never advertised. */
  readonly outputSchema: JSONSchema7 | undefined;
  readonly aliases: readonly string[];
  /**
   * What the tool states of its effects (MCP's hints), when it states any:
   * from `metadata.annotations`, or a JSON definition's `annotations`.
   */
  readonly annotations: ToolAnnotations | undefined;
  readonly tags: readonly string[];
  /** `function`, `dynamic`, `provider`, `mcp`, or a definition's own kind. */
  readonly kind: string;
  /** Always advertised with its full schema. */
  readonly core: boolean;
  /** Position in the input, for surfaces that keep the user's order. */
  readonly position: number;
  /** The real AI SDK tool; undefined for tools loaded from JSON definitions. */
  readonly tool: Tool | undefined;
}
