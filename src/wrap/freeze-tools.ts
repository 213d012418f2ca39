import type { ToolSet } from 'ai';

/**
 * Freezes a tools record, each tool object in it, each tool's `metadata` and
 * the metadata's `annotations` (each shallowly: schemas, `execute` and lists
 * are left as they are), and returns the same record. The wrapper reads a
 * record that was frozen this way once: it cannot change after, so later
 * requests with the same record skip the key-by-key check that a record
 * changed in place needs, and a warm request costs the same at 10,000 tools
 * as at 100. A record or tool the wrapper cannot trust to stay as read (a
 * getter among the fields it compares, a prototype other than
 * `Object.prototype`) keeps the full check. Freeze the `tools` of
 * `namespaces` declarations too, to give them the same.
 *
 * @example
 * const tools = freezeTools({ ...(await github.tools()), ...localTools });
 * const result = await generateText({ model, tools, prompt }); // tool-disclosure's generateText
 */
export function freezeTools<TOOLS extends ToolSet>(tools: TOOLS): TOOLS {
  for (const tool of Object.values(tools) as unknown[]) {
    if (!isObject(tool)) continue;
    const metadata = (tool as { metadata?: unknown }).metadata;
    if (isObject(metadata)) {
      const annotations = (metadata as { annotations?: unknown }).annotations;
      if (isObject(annotations)) Object.freeze(annotations);
      Object.freeze(metadata);
    }
    Object.freeze(tool);
  }
  return Object.freeze(tools);
}

function isObject(value: unknown): value is object {
  return value != null && typeof value === 'object';
}
