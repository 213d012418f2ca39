import { hasMarker, ToolDisclosureError } from './tool-disclosure-error.js';

const name = 'ToolDisclosureAsyncSchemaError';
const marker = `tool-disclosure.error.${name}`;
const symbol = Symbol.for(marker);

/**
 * A synchronous build (`createCatalogSync`, `withToolDisclosureSync`,
 * `streamText`) met a tool whose JSON Schema is a promise, as
 * `jsonSchema(promise)` gives; only the asynchronous builds can await it.
 */
export class AsyncSchemaError extends ToolDisclosureError {
  readonly [symbol] = true;
  /** The tool's name as given. */
  readonly toolName: string;
  /** Which of the tool's schemas is a promise. */
  readonly schema: 'input' | 'output';

  constructor({ toolName, schema }: { toolName: string; schema: 'input' | 'output' }) {
    super({
      name,
      message:
        `The ${schema} schema of tool ${toolName} is a promise, which a synchronous build cannot await. ` +
        "Use createCatalog or withToolDisclosure (and generateText, or ai's streamText with " +
        'await withToolDisclosure(...)), or pass jsonSchema() a resolved schema.',
    });
    this.toolName = toolName;
    this.schema = schema;
  }

  static override isInstance(error: unknown): error is AsyncSchemaError {
    return hasMarker(error, marker);
  }
}
