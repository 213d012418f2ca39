import type { Tool } from 'ai';

/**
 * What the model reads of an MCP tool result: its content parts as text and
 * files, as `@ai-sdk/mcp` converts them for its own tools, so a tool served
 * from a snapshot answers the model as the live tool would.
 */
export const mcpToModelOutput: NonNullable<Tool['toModelOutput']> = ({ output }) => {
  if (typeof output === 'string') return { type: 'text', value: output };
  const content = (output as { content?: unknown } | null | undefined)?.content;
  if (output == null || typeof output !== 'object' || !Array.isArray(content)) {
    return { type: 'json', value: JSON.parse(JSON.stringify(output ?? null)) };
  }
  return {
    type: 'content',
    value: content.map((part: { type?: unknown; [key: string]: unknown }) => {
      if (part?.type === 'text' && typeof part.text === 'string') {
        return { type: 'text' as const, text: part.text };
      }
      if (
        part?.type === 'image' &&
        typeof part.data === 'string' &&
        typeof part.mimeType === 'string'
      ) {
        return {
          type: 'file' as const,
          mediaType: part.mimeType,
          data: { type: 'data' as const, data: part.data },
        };
      }
      return { type: 'text' as const, text: JSON.stringify(part) };
    }),
  };
};
