import { describe, expect, it } from 'vitest';
import { createEventSink } from './create-event-sink.js';
import type { ToolDisclosureEvent } from './tool-disclosure-event.js';

const step = { type: 'step', stepNumber: 0, advertisedTokens: 10, fullTokens: 90, savedTokens: 80 };

describe('createEventSink', () => {
  it('is undefined when neither onEvent nor telemetry listens, so no event is built', () => {
    expect(createEventSink({}, { onWarning: () => {} })).toBeUndefined();
    expect(
      createEventSink(
        { telemetry: { isEnabled: false } },
        { onEvent: undefined, onWarning: () => {} },
      ),
    ).toBeUndefined();
  });

  it("hands each event to the app's onEvent, and reports a listener that throws as a warning", () => {
    const events: ToolDisclosureEvent[] = [];
    const warnings: string[] = [];
    const emit = createEventSink(
      {},
      {
        onEvent: (event) => {
          events.push(event);
          throw new Error('listener broke');
        },
        onWarning: (message) => warnings.push(message),
      },
    );
    emit?.(step as ToolDisclosureEvent);
    expect(events).toEqual([step]);
    expect(warnings).toEqual(['onEvent threw on a "step" event: listener broke']);
  });
});
