import type { JSONValue, Tool } from 'ai';
import { reportedErrorOf } from '../bridge/check-output.js';
import { toJsonValue } from '../bridge/to-json-value.js';
import type { CatalogEntry } from '../catalog/catalog-entry.js';

type ToModelOutput = NonNullable<Tool['toModelOutput']>;

/**
 * An MCP tool as `ai` should hold it above the caps: the same tool, whose
 * `{ isError: true, content }` results the model reads as the failure they
 * report (the typed error `execution_failed`, quoting the server's text),
 * not as output. `@ai-sdk/mcp`'s own conversion drops the flag, so a failed
 * call would read as a success. Other results convert as the tool converts
 * them (its `toModelOutput`, else as `ai` does); the app still sees the
 * result as the server sent it. Any other tool is returned as it is. MCP
 * tools are plain objects (`@ai-sdk/mcp` and snapshots build them so), so a
 * copy loses nothing; the model's reading is stored in the history, so every
 * later request reads it the same.
 *
 * @example
 * withReportedErrors(entry, mcpTool).toModelOutput?.({ toolCallId, input, output: { isError: true, content } });
 * // { type: 'error-json', value: { error: { kind: 'execution_failed', … } } }
 */
export function withReportedErrors(entry: CatalogEntry, tool: Tool): Tool {
  if (entry.kind !== 'mcp') return tool;
  const own = tool.toModelOutput;
  const toModelOutput: ToModelOutput = async (options) => {
    const reported = reportedErrorOf(entry, options.output);
    if (reported !== undefined) {
      return { type: 'error-json', value: reported.toJSON() as unknown as JSONValue };
    }
    if (own !== undefined) return own.call(tool, options);
    const { output } = options;
    return typeof output === 'string'
      ? { type: 'text', value: output }
      : { type: 'json', value: toJsonValue(output) ?? null };
  };
  return { ...tool, toModelOutput } as Tool;
}
