/**
 * The input of a `tool_call` call. Before the model's call is executed (and
 * before approval), the wrapper refines it: `name` becomes the real tool's
 * wire name and `arguments` an object, so UIs and logs can show the real tool.
 */
export interface ToolCallInput {
  readonly name: string;
  readonly arguments?: string | Readonly<Record<string, unknown>>;
}
