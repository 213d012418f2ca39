/**
 * Whether `ai` runs its telemetry for a call with these settings, by its own
 * rule: `telemetry` (else `experimental_telemetry`) decides; `isEnabled: true`
 * turns it on, `isEnabled: false` off, and unset it is on when the call names
 * integrations or some are registered with `registerTelemetry`.
 */
export function isTelemetryEnabled(settings: object): boolean {
  const telemetry = telemetryOf(settings) as
    | { isEnabled?: unknown; integrations?: unknown }
    | null
    | undefined;
  if (telemetry?.isEnabled === true) return true;
  if (telemetry?.isEnabled === false) return false;
  // Where `ai`'s `registerTelemetry` keeps the integrations registered for every call.
  const registered = (globalThis as { AI_SDK_TELEMETRY_INTEGRATIONS?: unknown })
    .AI_SDK_TELEMETRY_INTEGRATIONS;
  const integrations = telemetry?.integrations ?? registered;
  return Array.isArray(integrations) ? integrations.length > 0 : integrations != null;
}

/** A call's telemetry settings: `telemetry`, else the deprecated `experimental_telemetry`, as `ai` reads them. */
export function telemetryOf(settings: object): unknown {
  const { telemetry, experimental_telemetry } = settings as {
    telemetry?: unknown;
    experimental_telemetry?: unknown;
  };
  return telemetry ?? experimental_telemetry;
}
