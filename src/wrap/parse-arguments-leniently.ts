/**
 * Parses `tool_call` arguments the way `runToolCall` does (`undefined` and an
 * empty string are `{}`, a string is JSON), leaving anything unparseable as is
 * so the pipeline can report it.
 */
export function parseArgumentsLeniently(args: unknown): unknown {
  if (args === undefined) return {};
  if (typeof args !== 'string') return args;
  if (args.trim() === '') return {};
  try {
    return JSON.parse(args);
  } catch {
    return args;
  }
}
