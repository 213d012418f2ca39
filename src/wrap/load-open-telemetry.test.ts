import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.doUnmock('@opentelemetry/api');
  vi.resetModules();
});

describe('loadOpenTelemetry', () => {
  it('gives the API when it is installed, loaded once', async () => {
    const { loadOpenTelemetry } = await import('./load-open-telemetry.js');
    const api = await loadOpenTelemetry();
    expect(typeof api?.trace.getTracer).toBe('function');
    expect(loadOpenTelemetry()).toBe(loadOpenTelemetry());
  });

  it('gives undefined when it is not installed, and a recorder then drops events quietly', async () => {
    vi.resetModules();
    vi.doMock('@opentelemetry/api', () => {
      throw new Error("Cannot find package '@opentelemetry/api'");
    });
    const { loadOpenTelemetry } = await import('./load-open-telemetry.js');
    const { createSpanRecorder } = await import('./create-span-recorder.js');
    expect(await loadOpenTelemetry()).toBeUndefined();
    const warnings: string[] = [];
    const record = createSpanRecorder({ telemetry: { isEnabled: true } }, (message) =>
      warnings.push(message),
    );
    expect(() => record?.({ type: 'approval-requested', tool: 'a' })).not.toThrow();
    await loadOpenTelemetry();
    expect(warnings).toEqual([]);
  });
});
