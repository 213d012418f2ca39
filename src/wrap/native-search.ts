import { jsonSchema, type Tool, tool } from 'ai';
import { MODE_ENVIRONMENT_VARIABLE } from '../disclosure/disclosure-mode.js';
import { warnToConsole } from '../util/warn-to-console.js';
import type {
  ResolvedToolDisclosureOptions,
  ToolDisclosureOptions,
} from './tool-disclosure-options.js';

/** The wrapper mode that hands deferred tools to the provider's own tool search. */
export const NATIVE_MODE = 'native';

/** A provider whose AI SDK package loads tools on demand through its own search tool. */
export interface NativeSearch {
  /** The `providerOptions` key that marks a tool for deferred loading. */
  readonly provider: 'anthropic' | 'openai';
  /** The key of the provider's search tool in `tools`. */
  readonly searchToolName: string;
  /** The provider's search tool. */
  readonly searchTool: Tool;
}

/**
 * The native search of a model's provider: Anthropic's BM25 tool search
 * (`@ai-sdk/anthropic`'s `tool_search_tool_bm25_20251119`) for a model whose
 * provider is `anthropic.*`, OpenAI's hosted tool search (`@ai-sdk/openai`'s
 * `openai.tools.toolSearch()`) for a Responses API model (`openai.responses`);
 * undefined for any other model or a model id string.
 */
export function nativeSearchOf(model: unknown): NativeSearch | undefined {
  const provider =
    model !== null && typeof model === 'object' ? (model as { provider?: unknown }).provider : '';
  if (typeof provider !== 'string') return undefined;
  if (provider.split('.')[0] === 'anthropic') {
    return {
      provider: 'anthropic',
      searchToolName: 'tool_search_tool_bm25',
      // As anthropic.tools.toolSearchBm25_20251119() builds it, without importing the package.
      searchTool: providerTool({
        isProviderExecuted: true,
        id: 'anthropic.tool_search_bm25_20251119',
        supportsDeferredResults: true,
        inputSchema: jsonSchema({
          type: 'object',
          properties: { query: { type: 'string' }, limit: { type: 'number' } },
          required: ['query'],
        }),
        outputSchema: jsonSchema({ type: 'array', items: { type: 'object' } }),
      }),
    };
  }
  if (provider === 'openai.responses') {
    return {
      provider: 'openai',
      searchToolName: 'openai_tool_search',
      // As openai.tools.toolSearch() builds it (hosted: the server searches), without the package.
      searchTool: providerTool({
        isProviderExecuted: false,
        id: 'openai.tool_search',
        inputSchema: jsonSchema({ type: 'object', properties: {} }),
        outputSchema: jsonSchema({
          type: 'object',
          properties: { tools: { type: 'array', items: { type: 'object' } } },
          required: ['tools'],
        }),
      }),
    };
  }
  return undefined;
}

function providerTool(definition: Record<string, unknown>): Tool {
  return tool({ type: 'provider', args: {}, ...definition } as never) as Tool;
}

/** What the wrapper does for `native` mode: the disclosure's options and the native search, if any. */
export interface NativeResolution {
  /** The options to disclose with: `native` becomes `bridged` (core and pins kept) or `namespaces`. */
  readonly options: ResolvedToolDisclosureOptions;
  /** The provider's search, when `native` mode applies to the model. */
  readonly native: NativeSearch | undefined;
}

/**
 * Resolves `native` mode (from the `mode` option, else `TOOL_DISCLOSURE`):
 * with a provider that has native search, the disclosure is built as in
 * `bridged` mode and the native search is returned; with any other provider
 * the mode falls back to `namespaces` with a warning. Other modes pass through.
 */
export function resolveNativeMode(
  model: unknown,
  options: ToolDisclosureOptions,
): NativeResolution {
  const environment = options.environment ?? globalThis.process?.env ?? {};
  const fromEnvironment =
    options.mode === undefined &&
    environment[MODE_ENVIRONMENT_VARIABLE]?.trim().toLowerCase() === NATIVE_MODE;
  const { mode } = options;
  if (mode !== NATIVE_MODE && !fromEnvironment)
    return { options: { ...options, mode }, native: undefined };
  const native = nativeSearchOf(model);
  if (native === undefined) {
    const onWarning = options.onWarning ?? warnToConsole;
    const provider = (model as { provider?: unknown } | null | undefined)?.provider;
    onWarning(
      `mode "native" needs a provider with native tool search (anthropic, openai.responses); ` +
        `${typeof provider === 'string' ? `"${provider}"` : 'this model'} has none, ` +
        'falling back to "namespaces".',
    );
    return { options: { ...options, mode: 'namespaces' }, native: undefined };
  }
  return { options: { ...options, mode: 'bridged' }, native };
}
