import type { ToolSet } from 'ai';
import type { ToolDisclosureCache } from '../cache/tool-disclosure-cache.js';
import type { NamespaceDeclaration } from '../catalog/create-catalog.js';
import type { ToolEffect } from '../catalog/tool-annotations.js';
import type { CreateDisclosureOptions } from '../disclosure/create-disclosure.js';
import type { DisclosureMode } from '../disclosure/disclosure-mode.js';
import { resolveHeaderBudget } from '../disclosure/header-budget.js';
import { InvalidOptionError } from '../error/invalid-option-error.js';
import type { Ranker } from '../search/ranker.js';
import type { ToolDisclosureEvent } from './tool-disclosure-event.js';

/** The longest timer `setTimeout` keeps; a longer one fires at once. */
export const TIMEOUT_MS_MAX = 2_147_483_647;

/** Disclosure settings for `withToolDisclosure`, `generateText` and `streamText`. */
export interface ToolDisclosureOptions extends Omit<CreateDisclosureOptions, 'catalog' | 'mode'> {
  /**
   * One of `off`, `compact`, `signatures`, `namespaces`, `bridged`, or
   * `native`: the provider's own tool search (Anthropic), which falls back to
   * `namespaces` with a warning for a provider without one.
   * @default process.env.TOOL_DISCLOSURE, else 'namespaces'
   */
  mode?: DisclosureMode | 'native';
  /** Names or globs of tools that are always advertised (record key, canonical id or wire name). @default [] */
  core?: readonly string[];
  /** More tools grouped by namespace (for example one entry per MCP client), and namespace descriptions. @default {} */
  namespaces?: Record<string, NamespaceDeclaration>;
  /** The namespace of tools for which nothing else names one. @default 'default' */
  defaultNamespace?: string;
  /** Ranks `tool_search` results. @default createOramaRanker() */
  ranker?: Ranker;
  /**
   * Advertise the tools the model has called in earlier steps of a run, after
   * the bridges and within the caps, so it can call them directly. This
   * changes the tool list between steps, which breaks provider prompt caches.
   * @default false
   */
  promote?: boolean;
  /**
   * Per-call timeout of every tool call above the caps, in milliseconds: an
   * integer from 1 to 2,147,483,647. It is `ai`'s `timeout.toolMs`, which a
   * `toolMs` of the app's own overrides. @default no timeout
   */
  timeoutMs?: number;
  /**
   * Where catalogs and search indexes are kept between requests, keyed by
   * content and bounded by bytes. @default a shared cache of 128 MiB
   */
  cache?: ToolDisclosureCache;
  /**
   * Effects, by a tool's MCP annotations (`metadata.annotations`), whose tools
   * need approval unless the app says otherwise (the tool's own
   * `needsApproval`, or a `toolApproval` entry or function): e.g.
   * `['destructive']`. Only `readOnlyHint: true` is taken at its word: any
   * other tool (one whose server states no annotations, or says it does not
   * destroy) may write and destroy, so it needs approval whenever any effect
   * but read-only does. @default none
   */
  requireApprovalFor?: readonly ToolEffect[];
  /**
   * Hears what the wrapper does: searches, descriptions, bridged and routed
   * calls, approvals asked and answered, cache rebuilds and the tokens each
   * step saves. No event names a denied tool. A listener that throws is
   * reported through `onWarning`, never into the run. @default none
   */
  onEvent?: (event: ToolDisclosureEvent) => void;
}

/** The options once `native` mode is resolved: only the disclosure's own modes remain. */
export type ResolvedToolDisclosureOptions = Omit<ToolDisclosureOptions, 'mode'> & {
  mode?: DisclosureMode;
};

/** The `generateText` / `streamText` settings the wrapper reads and composes. */
export interface ToolDisclosureParams {
  model?: unknown;
  tools?: ToolSet;
  /** `ToolLoopAgent` settings only. */
  prepareCall?: unknown;
  activeTools?: readonly string[] | undefined;
  toolOrder?: readonly string[] | undefined;
  toolsContext?: unknown;
  toolApproval?: unknown;
  prepareStep?: unknown;
  stopWhen?: unknown;
  repairToolCall?: unknown;
  experimental_refineToolInput?: unknown;
  toolChoice?: unknown;
  messages?: unknown;
  onStepEnd?: unknown;
  onStepFinish?: unknown;
  onToolExecutionEnd?: unknown;
  experimental_onToolCallFinish?: unknown;
  timeout?: unknown;
  experimental_toolCallers?: unknown;
}

/**
 * Checks the options the disclosure itself does not (it checks caps, mode,
 * profile and pins; the header budget is checked here too), so a misconfiguration fails when the settings are
 * wrapped, with the valid range in the error, not later inside a run.
 *
 * @throws InvalidOptionError
 */
export function validateToolDisclosureOptions(options: ToolDisclosureOptions): void {
  const { timeoutMs, promote, ranker, cache, core, namespaces, countTokens, onWarning } = options;
  if (
    timeoutMs !== undefined &&
    (!Number.isSafeInteger(timeoutMs) || timeoutMs < 1 || timeoutMs > TIMEOUT_MS_MAX)
  ) {
    throw new InvalidOptionError({
      option: 'timeoutMs',
      value: timeoutMs,
      expected: `an integer number of milliseconds from 1 to ${TIMEOUT_MS_MAX} (about 24.8 days), or undefined for no timeout`,
    });
  }
  if (options.headerBudget !== undefined) resolveHeaderBudget(options.headerBudget);
  // A removed option: its type is gone, and a JavaScript caller still passing a saved index
  // is told so at wrap time rather than left believing it is loaded.
  const removed = (options as { searchIndex?: unknown }).searchIndex;
  if (removed !== undefined) {
    throw new InvalidOptionError({
      option: 'searchIndex',
      value: removed,
      expected:
        'no searchIndex: the option was removed, since loading a saved index took 2.0-3.0x as long as building it; the index is built on the first tool_search and cached by content (toolDisclosure.cache)',
    });
  }
  if (promote !== undefined && typeof promote !== 'boolean') {
    throw new InvalidOptionError({ option: 'promote', value: promote, expected: 'true or false' });
  }
  if (ranker !== undefined && !hasMembers(ranker, { name: 'string', createIndex: 'function' })) {
    throw new InvalidOptionError({
      option: 'ranker',
      value: typeof ranker,
      expected: 'a ranker such as createOramaRanker(): { name: string, createIndex(entries) }',
    });
  }
  if (
    cache !== undefined &&
    !hasMembers(cache, { get: 'function', set: 'function', delete: 'function' })
  ) {
    throw new InvalidOptionError({
      option: 'cache',
      value: typeof cache,
      expected: 'a cache from createToolDisclosureCache()',
    });
  }
  if (core !== undefined && !Array.isArray(core)) {
    throw new InvalidOptionError({
      option: 'core',
      value: typeof core,
      expected: 'an array of tool names or globs',
    });
  }
  if (namespaces !== undefined && (namespaces === null || typeof namespaces !== 'object')) {
    throw new InvalidOptionError({
      option: 'namespaces',
      value: typeof namespaces,
      expected: 'an object mapping namespace names to { description?, tools? }',
    });
  }
  for (const [option, value] of [
    ['countTokens', countTokens],
    ['onWarning', onWarning],
    ['onEvent', options.onEvent],
  ] as const) {
    if (value !== undefined && typeof value !== 'function') {
      throw new InvalidOptionError({ option, value: typeof value, expected: 'a function' });
    }
  }
}

/** Whether `value` is an object whose members have the given types. */
function hasMembers(value: unknown, members: Record<string, 'string' | 'function'>): boolean {
  return (
    value !== null &&
    typeof value === 'object' &&
    Object.entries(members).every(
      ([member, type]) => typeof (value as Record<string, unknown>)[member] === type,
    )
  );
}
