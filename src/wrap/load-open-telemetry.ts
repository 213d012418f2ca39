/** The parts of `@opentelemetry/api` the wrapper uses. */
export type OpenTelemetryApi = Pick<
  typeof import('@opentelemetry/api'),
  'trace' | 'SpanStatusCode'
>;

let loading: Promise<OpenTelemetryApi | undefined> | undefined;

/**
 * `@opentelemetry/api`, loaded on first use, or undefined when it is not
 * installed. It is an optional peer: imported statically, the root entry would
 * fail to load in every app without it, telemetry or not, so it is imported
 * only once a call has telemetry on, and an app that records spans has it
 * installed already (its tracer provider needs it).
 */
export function loadOpenTelemetry(): Promise<OpenTelemetryApi | undefined> {
  if (loading === undefined) {
    loading = import('@opentelemetry/api').then(
      ({ trace, SpanStatusCode }) => ({ trace, SpanStatusCode }),
      () => undefined,
    );
  }
  return loading;
}
