import type { JSONValue } from 'ai';
import { messageOf } from './message-of.js';

/** A plain JSON copy of `value`, or `undefined` when it cannot be written as JSON. */
export function toJsonValue(value: unknown): JSONValue | undefined {
  try {
    const json = JSON.stringify(value);
    return json === undefined ? null : (JSON.parse(json) as JSONValue);
  } catch {
    return undefined;
  }
}

/** Why `value` cannot be written as JSON (a cycle, a BigInt, nesting too deep), if it cannot. */
export function jsonProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' && typeof value !== 'bigint') return undefined;
  try {
    JSON.stringify(value);
    return undefined;
  } catch (error) {
    return messageOf(error);
  }
}
