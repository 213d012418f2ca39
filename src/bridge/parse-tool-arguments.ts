import type { JSONValue } from 'ai';
import type { CatalogEntry } from '../catalog/catalog-entry.js';
import { ToolBridgeError } from '../error/tool-bridge-error.js';
import { type ArgumentBoundsViolation, argumentBoundsViolation } from './argument-bounds.js';
import { messageOf } from './message-of.js';
import { prototypeKey } from './prototype-key.js';
import { toJsonValue } from './to-json-value.js';

/**
 * A call's arguments as an object: `undefined` and an empty string are `{}`, text is parsed as
 * JSON; arguments past the bounds, that are no object or that hold a prototype key are
 * `invalid_arguments` with the tool's parameter schema attached.
 */
export function parseToolArguments(entry: CatalogEntry, raw: unknown): unknown {
  let value = raw;
  if (raw === undefined) return {};
  // Before anything recursive (parsing, validation) sees the arguments.
  const violation = argumentBoundsViolation(raw);
  if (violation !== undefined) throw argumentsOverBounds(entry, violation);
  if (typeof raw === 'string') {
    if (raw.trim() === '') return {};
    try {
      value = JSON.parse(raw);
    } catch (error) {
      throw invalidArguments(
        entry,
        `"arguments" is not valid JSON (${messageOf(error)}). Send the arguments as a JSON object encoded as a string.`,
      );
    }
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw invalidArguments(
      entry,
      `"arguments" must be a JSON object, not ${value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`}.`,
    );
  }
  // Plain ai refuses these keys when it parses a tool's input; arguments sent as text are parsed here.
  const key = prototypeKey(value);
  if (key !== undefined) {
    throw invalidArguments(
      entry,
      key === '__proto__'
        ? '"arguments" hold a "__proto__" key, which no tool accepts. Send the arguments without it.'
        : '"arguments" hold a "constructor" key whose value has a "prototype", which no tool accepts. Send the arguments without it.',
      { forbidden_key: key },
    );
  }
  return value;
}

/** The `invalid_arguments` answer to arguments past a bound, with the tool's parameter schema. */
export function argumentsOverBounds(
  entry: CatalogEntry,
  violation: ArgumentBoundsViolation,
): ToolBridgeError {
  return invalidArguments(entry, violation.message, { [`max_${violation.limit}`]: violation.max });
}

function invalidArguments(
  entry: CatalogEntry,
  message: string,
  details: Record<string, JSONValue> = {},
): ToolBridgeError {
  return new ToolBridgeError({
    kind: 'invalid_arguments',
    message: `${message} The parameter schema of ${entry.wireName} is attached.`,
    details: { ...details, ...parametersDetail(entry) },
  });
}

/** The tool's parameter schema for an error's details, as a copy. */
export function parametersDetail(entry: CatalogEntry): { parameters?: JSONValue } {
  const parameters = toJsonValue(entry.parameters);
  return parameters === undefined ? {} : { parameters };
}
