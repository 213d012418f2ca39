import { describeError } from '../util/describe-error.js';
import { isTelemetryEnabled, telemetryOf } from './is-telemetry-enabled.js';
import { loadOpenTelemetry, type OpenTelemetryApi } from './load-open-telemetry.js';
import type { EmitEvent, ToolDisclosureEvent } from './tool-disclosure-event.js';

/** The tracer's version: the package's (a test holds it to package.json). */
export const TRACER_VERSION = '0.1.0';

type Attributes = Record<string, string | number | boolean>;

/** An event as a span: its name, attributes, and the error kind that failed it, if any. */
interface SpanRecord {
  name: string;
  attributes: Attributes;
  error: string | undefined;
  /** When the work the event reports began and ended, in epoch milliseconds. */
  start: number;
  end: number;
}

/**
 * Records each event as an OpenTelemetry span of the tracer `tool-disclosure`
 * (`tool_disclosure.search`, `.describe`, `.call`, `.resolve`,
 * `.approval_requested`, `.approval_answered`, `.cache_rebuild`, `.step`) when
 * the call's `ai` telemetry is on; undefined when it is off. Spans are built
 * from the events the app's `onEvent` hears, so the two never disagree, and
 * like them never name a denied tool. With `recordInputs: false` the search
 * query is left out. A failed search, description or call ends its span with
 * an error status naming the error kind. Events that come before
 * `@opentelemetry/api` has loaded are recorded once it has, with their own
 * times; without it installed nothing is recorded.
 */
export function createSpanRecorder(
  settings: object,
  onWarning: (message: string) => void,
): EmitEvent | undefined {
  if (!isTelemetryEnabled(settings)) return undefined;
  const telemetry = telemetryOf(settings) as { recordInputs?: unknown } | undefined;
  const recordInputs = telemetry?.recordInputs !== false;

  let api: OpenTelemetryApi | undefined;
  let pending: SpanRecord[] | undefined = [];
  // A tracer provider is the app's code: what it throws must not break the agent loop.
  const recordSafely = (record: SpanRecord) => {
    if (api === undefined) return;
    try {
      recordSpan(api, record);
    } catch (error) {
      onWarning(`recording the span ${record.name} failed: ${describeError(error)}`);
    }
  };
  loadOpenTelemetry().then((loaded) => {
    api = loaded;
    const queued = pending ?? [];
    pending = undefined;
    for (const record of queued) recordSafely(record);
  });
  return (event) => {
    const record = spanRecordOf(event, recordInputs);
    if (pending !== undefined) pending.push(record);
    else recordSafely(record);
  };
}

function recordSpan({ trace, SpanStatusCode }: OpenTelemetryApi, record: SpanRecord): void {
  const tracer = trace.getTracer('tool-disclosure', TRACER_VERSION);
  const span = tracer.startSpan(record.name, {
    startTime: record.start,
    attributes: record.attributes,
  });
  if (record.error !== undefined) {
    span.setStatus({ code: SpanStatusCode.ERROR, message: record.error });
  }
  span.end(record.end);
}

function spanRecordOf(event: ToolDisclosureEvent, recordInputs: boolean): SpanRecord {
  const end = Date.now();
  const attributes: Attributes = {};
  const set = (key: string, value: string | number | boolean | undefined) => {
    if (value !== undefined) attributes[`tool_disclosure.${key}`] = value;
  };
  let ms = 0;
  let error: string | undefined;
  switch (event.type) {
    case 'search':
      if (recordInputs) set('query', event.query);
      set('result_count', event.results);
      set('empty', event.empty);
      set('error', event.error);
      ms = event.ms;
      error = event.error;
      break;
    case 'describe':
      set('tool', event.tool);
      set('outcome', event.outcome);
      if (event.outcome !== 'described') error = event.outcome;
      break;
    case 'call':
      set('tool', event.tool);
      set('outcome', event.outcome);
      ms = event.ms;
      if (event.outcome !== 'result') error = event.outcome;
      break;
    case 'resolve':
      set('tool', event.tool);
      set('name_form', event.nameForm);
      break;
    case 'approval-requested':
      set('tool', event.tool);
      break;
    case 'approval-answered':
      set('tool', event.tool);
      set('approved', event.approved);
      break;
    case 'cache-rebuild':
      set('what', event.what);
      set('tool_count', event.tools);
      ms = event.ms;
      break;
    case 'step':
      set('step_number', event.stepNumber);
      set('advertised_tokens', event.advertisedTokens);
      set('full_tokens', event.fullTokens);
      set('saved_tokens', event.savedTokens);
      break;
  }
  return {
    name: `tool_disclosure.${event.type.replace('-', '_')}`,
    attributes,
    error,
    start: end - ms,
    end,
  };
}
