import type { MockLanguageModelV4 } from 'ai/test';

type CallOptions = Parameters<MockLanguageModelV4['doGenerate']>[0];

/**
 * The names the last `tool_search` of a request's prompt returned, in rank
 * order: ours under `results`, the AI SDK's `toolSearch()` under `tools`.
 */
export function lastSearchResults(options: CallOptions): string[] {
  for (const message of [...options.prompt].reverse()) {
    if (message.role !== 'tool') continue;
    for (const part of message.content) {
      if (part.type !== 'tool-result' || part.toolName !== 'tool_search') continue;
      const value = 'value' in part.output ? part.output.value : undefined;
      if (value === null || typeof value !== 'object') return [];
      const record = value as { results?: unknown; tools?: unknown };
      const list = Array.isArray(record.results) ? record.results : record.tools;
      return Array.isArray(list)
        ? list.flatMap((item) =>
            item !== null && typeof item === 'object' && 'name' in item ? [String(item.name)] : [],
          )
        : [];
    }
  }
  return [];
}
