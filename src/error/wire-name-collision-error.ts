import { hasMarker, ToolDisclosureError } from './tool-disclosure-error.js';

const name = 'ToolDisclosureWireNameCollisionError';
const marker = `tool-disclosure.error.${name}`;
const symbol = Symbol.for(marker);

/** Two tools would be sent to the provider under the same wire name or canonical id. */
export class WireNameCollisionError extends ToolDisclosureError {
  readonly [symbol] = true;
  /** The name both tools map to. */
  readonly collidingName: string;
  /** The two tools, as given by the user, in byte order. */
  readonly tools: readonly [string, string];

  constructor({
    collidingName,
    tools,
  }: { collidingName: string; tools: readonly [string, string] }) {
    super({
      name,
      message:
        `Tools "${tools[0]}" and "${tools[1]}" both map to "${collidingName}". ` +
        'Rename one of them or place them in different namespaces.',
    });
    this.collidingName = collidingName;
    this.tools = tools;
  }

  static override isInstance(error: unknown): error is WireNameCollisionError {
    return hasMarker(error, marker);
  }
}
