import type { JSONValue } from 'ai';
import type { CatalogEntry } from '../catalog/catalog-entry.js';
import { ToolBridgeError } from '../error/tool-bridge-error.js';
import { jsonProblem, toJsonValue } from './to-json-value.js';

/** Characters of an MCP error's text quoted in the message; the full content is attached once. */
const QUOTED_ERROR_CHARACTERS = 1000;

/**
 * An MCP-style `{ isError: true, content }` result is a failure, not an output;
 * so is an output the model would receive as JSON that cannot be written as
 * JSON (a cycle, a BigInt). A tool with its own `toModelOutput` converts its
 * output itself.
 */
export function checkOutput(entry: CatalogEntry, output: unknown): unknown {
  const reported = reportedErrorOf(entry, output);
  if (reported !== undefined) throw reported;
  if (entry.tool?.toModelOutput === undefined) {
    const problem = jsonProblem(output);
    if (problem !== undefined) {
      throw new ToolBridgeError({
        kind: 'execution_failed',
        message: `${entry.wireName} returned an output that cannot be sent as JSON (${problem}). This is a fault of the tool, not of the arguments.`,
      });
    }
  }
  return output;
}

/**
 * The failure an MCP-style `{ isError: true, content }` result reports, as
 * the typed error `execution_failed` quoting its text (the content attached);
 * undefined for any other output.
 *
 * @example
 * reportedErrorOf(entry, { isError: true, content: [{ type: 'text', text: 'quota exceeded' }] })?.kind; // 'execution_failed'
 */
export function reportedErrorOf(entry: CatalogEntry, output: unknown): ToolBridgeError | undefined {
  if (output == null || typeof output !== 'object' || !(output as { isError?: unknown }).isError) {
    return undefined;
  }
  const rawContent = (output as { content?: unknown }).content ?? null;
  const content = toJsonValue(rawContent);
  if (content === undefined) {
    return new ToolBridgeError({
      kind: 'execution_failed',
      message: `${entry.wireName} reported an error whose content cannot be sent as JSON (${jsonProblem(rawContent)}).`,
    });
  }
  const text = textOf(content);
  return new ToolBridgeError({
    kind: 'execution_failed',
    message:
      text === undefined
        ? `${entry.wireName} reported an error; its content is attached.`
        : `${entry.wireName} reported an error: ${quoted(text)}`,
    details: { content },
  });
}

/** At most the first 1,000 characters of `text`, cut between code points. */
function quoted(text: string): string {
  if (text.length <= QUOTED_ERROR_CHARACTERS) return text;
  const end = isHighSurrogate(text.charCodeAt(QUOTED_ERROR_CHARACTERS - 1))
    ? QUOTED_ERROR_CHARACTERS - 1
    : QUOTED_ERROR_CHARACTERS;
  return `${text.slice(0, end)}… (the full content is attached)`;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/** The text parts of MCP content, joined, when there are any. */
function textOf(content: JSONValue): string | undefined {
  if (!Array.isArray(content)) return undefined;
  const texts = content.flatMap((part) =>
    part != null &&
    typeof part === 'object' &&
    !Array.isArray(part) &&
    typeof part.text === 'string'
      ? [part.text]
      : [],
  );
  return texts.length > 0 ? texts.join('\n') : undefined;
}
