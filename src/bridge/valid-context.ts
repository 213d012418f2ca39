import { asSchema, type Tool } from 'ai';
import type { CatalogEntry } from '../catalog/catalog-entry.js';
import { ToolBridgeError } from '../error/tool-bridge-error.js';
import { messageOf } from './message-of.js';

/** The real tool's context, checked against its `contextSchema` (the SDK checks only the bridge's). */
export async function validContext(
  entry: CatalogEntry,
  tool: Tool,
  context: unknown,
): Promise<unknown> {
  const contextSchema = (tool as { contextSchema?: unknown }).contextSchema;
  if (contextSchema == null) return context;
  let result: Awaited<ReturnType<typeof parseContext>>;
  try {
    result = await parseContext(contextSchema, context);
  } catch (error) {
    throw new ToolBridgeError({
      kind: 'execution_failed',
      message: `${entry.wireName} cannot run: checking its toolsContext entry against its context schema failed (${messageOf(error)}); an application configuration error.`,
      cause: error,
    });
  }
  if (result.success) return result.value;
  throw new ToolBridgeError({
    kind: 'execution_failed',
    message: `${entry.wireName} cannot run: its toolsContext entry does not match its context schema (an application configuration error).`,
    cause: result.error,
  });
}

/** The context as its schema parses it; throws whatever the schema throws. */
async function parseContext(contextSchema: unknown, context: unknown) {
  const validate = asSchema(contextSchema as Parameters<typeof asSchema>[0]).validate;
  return validate === undefined ? { success: true as const, value: context } : validate(context);
}
