import { prototypeKey } from '../bridge/prototype-key.js';

/**
 * Parses `tool_call` arguments the way `runToolCall` does (`undefined` and an
 * empty string are `{}`, a string is JSON), leaving anything unparseable, or
 * holding a key `runToolCall` refuses (`prototypeKey`), as is so the pipeline
 * can report it.
 */
export function parseArgumentsLeniently(args: unknown): unknown {
  if (args === undefined) return {};
  if (typeof args !== 'string') return args;
  if (args.trim() === '') return {};
  try {
    const parsed: unknown = JSON.parse(args);
    // What runToolCall refuses stays text, so no refinement or approval rule sees it parsed.
    return prototypeKey(parsed) === undefined ? parsed : args;
  } catch {
    return args;
  }
}
