import { afterEach, describe, expect, it } from 'vitest';
import { isTelemetryEnabled, telemetryOf } from './is-telemetry-enabled.js';

const globals = globalThis as { AI_SDK_TELEMETRY_INTEGRATIONS?: unknown };
const registered = globals.AI_SDK_TELEMETRY_INTEGRATIONS;

describe('isTelemetryEnabled', () => {
  afterEach(() => {
    globals.AI_SDK_TELEMETRY_INTEGRATIONS = registered;
  });

  it('follows isEnabled when it is set, in telemetry or else experimental_telemetry', () => {
    delete globals.AI_SDK_TELEMETRY_INTEGRATIONS;
    expect(isTelemetryEnabled({ telemetry: { isEnabled: true } })).toBe(true);
    expect(isTelemetryEnabled({ experimental_telemetry: { isEnabled: true } })).toBe(true);
    globals.AI_SDK_TELEMETRY_INTEGRATIONS = [{}];
    expect(isTelemetryEnabled({ telemetry: { isEnabled: false } })).toBe(false);
    // telemetry wins over the deprecated setting.
    expect(
      isTelemetryEnabled({
        telemetry: { isEnabled: false },
        experimental_telemetry: { isEnabled: true },
      }),
    ).toBe(false);
  });

  it("is on, unset, when the call names integrations or some are registered with ai's registerTelemetry", () => {
    delete globals.AI_SDK_TELEMETRY_INTEGRATIONS;
    expect(isTelemetryEnabled({})).toBe(false);
    expect(isTelemetryEnabled({ telemetry: { integrations: [{}] } })).toBe(true);
    expect(isTelemetryEnabled({ telemetry: { integrations: [] } })).toBe(false);
    globals.AI_SDK_TELEMETRY_INTEGRATIONS = [{}];
    expect(isTelemetryEnabled({})).toBe(true);
    globals.AI_SDK_TELEMETRY_INTEGRATIONS = [];
    expect(isTelemetryEnabled({})).toBe(false);
  });
});

describe('telemetryOf', () => {
  it('reads telemetry, else experimental_telemetry', () => {
    const telemetry = { isEnabled: true };
    expect(telemetryOf({ telemetry, experimental_telemetry: {} })).toBe(telemetry);
    expect(telemetryOf({ experimental_telemetry: telemetry })).toBe(telemetry);
    expect(telemetryOf({})).toBeUndefined();
  });
});
