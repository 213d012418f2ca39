import { warnToConsole } from '../util/warn-to-console.js';
import { createSpanRecorder } from './create-span-recorder.js';
import { createEmitter, type EmitEvent } from './tool-disclosure-event.js';
import type { ToolDisclosureOptions } from './tool-disclosure-options.js';

/**
 * Where a call's events go: the app's `onEvent` and, when the call's `ai`
 * telemetry is on, OpenTelemetry spans; undefined when neither listens, so no
 * event is built for nobody.
 */
export function createEventSink(
  settings: object,
  { onEvent, onWarning = warnToConsole }: ToolDisclosureOptions,
): EmitEvent | undefined {
  const emit = createEmitter(onEvent, onWarning);
  const record = createSpanRecorder(settings, onWarning);
  if (emit === undefined || record === undefined) return emit ?? record;
  return (event) => {
    record(event);
    emit(event);
  };
}
