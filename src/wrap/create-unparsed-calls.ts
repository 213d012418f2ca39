/**
 * The bridge calls of one request whose input was not JSON. The SDK hands a
 * repaired call's input to the bridge as parsed JSON, so the bridge cannot
 * tell `{}` sent by the model from `{}` put in place of text it could not
 * parse; the repair notes the call's id here, and the bridge answers that
 * call by what went wrong (text that is not JSON), not by a field it lacks.
 */
export interface UnparsedCalls {
  /** Notes that the input of the call `toolCallId` was not JSON. */
  add(toolCallId: string): void;
  /** Whether the input of the call `toolCallId` was not JSON; forgets it, so each note answers one call. */
  take(toolCallId: unknown): boolean;
}

/**
 * Creates the unparsed calls of one request: nothing is shared between requests.
 *
 * @example
 * const unparsed = createUnparsedCalls();
 * unparsed.add('call_1');
 * unparsed.take('call_1'); // true
 * unparsed.take('call_1'); // false
 */
export function createUnparsedCalls(): UnparsedCalls {
  const ids = new Set<string>();
  return Object.freeze({
    add(toolCallId: string) {
      ids.add(toolCallId);
    },
    take(toolCallId: unknown) {
      return typeof toolCallId === 'string' && ids.delete(toolCallId);
    },
  });
}
