/**
 * What a tool says of its effects, in the MCP specification's terms
 * (`ToolAnnotations`): hints, not guarantees. MCP tools carry them as
 * `metadata.annotations` (as `@ai-sdk/mcp` sets them); any other tool may do
 * the same, and JSON definitions as `annotations`.
 */
export interface ToolAnnotations {
  /** The tool does not modify its environment. MCP's default: false. */
  readonly readOnlyHint?: boolean;
  /** A write may destroy or overwrite (meaningful when not read-only). MCP's default: true. */
  readonly destructiveHint?: boolean;
  /** Calling it again with the same arguments has no further effect. MCP's default: false. */
  readonly idempotentHint?: boolean;
  /** It reaches an open world (the web, other people), not a closed domain. MCP's default: true. */
  readonly openWorldHint?: boolean;
}

/**
 * A tool's effect, for policies, approval rules and what the model is shown:
 * `read-only`, `destructive` (may destroy or overwrite), `additive` (writes
 * without destroying), or `unknown` for a tool that states no annotations.
 */
export type ToolEffect = 'read-only' | 'destructive' | 'additive' | 'unknown';

/** Every effect, in the order a policy lists them. */
export const TOOL_EFFECTS: readonly ToolEffect[] = [
  'read-only',
  'additive',
  'destructive',
  'unknown',
];

const hints = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const;

/**
 * The boolean hints of an annotations object, or undefined when `value` is
 * not one. Anything else in it (a title, hints that are not booleans) is left
 * out: they are hints a tool may get wrong, never errors. An object that
 * states no hint is still annotations, all hints taking MCP's defaults. Only
 * own enumerable properties count, as in the content a catalog is keyed by.
 */
export function readToolAnnotations(value: unknown): ToolAnnotations | undefined {
  if (value == null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const annotations: Record<string, boolean> = {};
  for (const hint of hints) {
    if (!Object.prototype.propertyIsEnumerable.call(value, hint)) continue;
    const stated = (value as Record<string, unknown>)[hint];
    if (typeof stated === 'boolean') annotations[hint] = stated;
  }
  return Object.freeze(annotations);
}

/**
 * The effect of a tool with these annotations, missing hints taking the MCP
 * specification's defaults (not read-only; destructive when it writes); a tool
 * with no annotations at all is `unknown`.
 *
 * @example
 * toolEffectOf({ readOnlyHint: true }); // 'read-only'
 * toolEffectOf({ readOnlyHint: false }); // 'destructive' (MCP's default)
 * toolEffectOf(undefined); // 'unknown'
 */
export function toolEffectOf(annotations: ToolAnnotations | undefined): ToolEffect {
  if (annotations === undefined) return 'unknown';
  if (annotations.readOnlyHint === true) return 'read-only';
  return annotations.destructiveHint === false ? 'additive' : 'destructive';
}

/**
 * Whether a tool with these annotations may have one of `effects`, for
 * approval. Annotations are a server's word, and a word that claims safety is
 * not taken: only `readOnlyHint: true` (which, if it lies, no rule of ours can
 * catch) says a tool changes nothing; any other tool, `destructiveHint: false`
 * or no annotations at all, may write and may destroy (MCP's own defaults), so
 * it needs approval whenever any effect but read-only does.
 *
 * @example
 * mayHaveEffect(undefined, new Set(['destructive'])); // true
 * mayHaveEffect({ destructiveHint: false }, new Set(['destructive'])); // true
 * mayHaveEffect({ readOnlyHint: true }, new Set(['destructive'])); // false
 */
export function mayHaveEffect(
  annotations: ToolAnnotations | undefined,
  effects: ReadonlySet<ToolEffect>,
): boolean {
  if (toolEffectOf(annotations) === 'read-only') return effects.has('read-only');
  return effects.has('destructive') || effects.has('additive') || effects.has('unknown');
}
