import { readFileSync } from 'node:fs';
import { SpanStatusCode, trace } from '@opentelemetry/api';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { isStepCount, ToolLoopAgent, type ToolSet, tool } from 'ai';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod/v4';
import {
  createToolDisclosureCache,
  type ToolDisclosureOptions,
  withToolDisclosure,
} from '../index.js';
import { createSpanRecorder, TRACER_VERSION } from './create-span-recorder.js';
import { isTelemetryEnabled } from './is-telemetry-enabled.js';
import { loadOpenTelemetry } from './load-open-telemetry.js';
import { approvingAll, type Call, runScripted, scriptedModel } from './scripted-model.case.js';
import type { ToolDisclosureEvent } from './tool-disclosure-event.js';

const exporter = new InMemorySpanExporter();

beforeAll(async () => {
  trace.setGlobalTracerProvider(
    new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }),
  );
  // Loaded before the runs, so their spans are recorded as they happen.
  await loadOpenTelemetry();
});
afterAll(() => trace.disable());
beforeEach(() => exporter.reset());

function catalog(): ToolSet {
  const simple = (name: string, description: string, needsApproval = false) =>
    tool({
      description,
      inputSchema: z.object({ to: z.string().optional() }),
      needsApproval,
      execute: async () => `${name} done`,
    });
  return {
    'mail.send': simple('mail.send', 'Send an email message to a contact.', true),
    'mail.search': simple('mail.search', 'Search email messages.'),
    'calendar.create_event': simple('calendar.create_event', 'Create a calendar event.'),
    'weather.forecast': simple('weather.forecast', 'Get the weather forecast for a city.'),
    'admin.drop_db': simple('admin.drop_db', 'Drop the production database.'),
  };
}

const spans = () => exporter.getFinishedSpans();
const named = (name: string) => spans().filter((span) => span.name === `tool_disclosure.${name}`);
const attributesOf = (span: ReadableSpan | undefined) => span?.attributes;

describe.each(['generateText', 'streamText'] as const)('OpenTelemetry spans with %s', (kind) => {
  it('records a span per search, description, resolution, approval, call, cache rebuild and step', async () => {
    const events: ToolDisclosureEvent[] = [];
    const options: ToolDisclosureOptions = {
      maxTools: 2,
      environment: {},
      cache: createToolDisclosureCache(),
      onEvent: (event) => events.push(event),
    };
    const script: Call[][] = [
      [
        ['s1', 'tool_search', { query: 'send an email' }],
        ['d1', 'tool_describe', { name: 'mail.send' }],
      ],
      [['c1', 'tool_call', { name: 'mail.send', arguments: { to: 'ada' } }]],
    ];
    const telemetry = { isEnabled: true };
    const tools = catalog();
    const first = await runScripted(kind, script, { tools, telemetry, toolDisclosure: options });

    for (const span of spans()) {
      expect(span.instrumentationScope).toMatchObject({
        name: 'tool-disclosure',
        version: TRACER_VERSION,
      });
    }
    expect(named('cache_rebuild').map((span) => span.attributes['tool_disclosure.what'])).toEqual(
      expect.arrayContaining(['catalog', 'index']),
    );
    const [search] = named('search');
    expect(attributesOf(search)).toMatchObject({
      'tool_disclosure.query': 'send an email',
      'tool_disclosure.empty': false,
    });
    expect(search?.attributes['tool_disclosure.result_count']).toBeGreaterThan(0);
    expect(search?.status.code).toBe(SpanStatusCode.UNSET);
    expect(named('describe').map(attributesOf)).toEqual([
      { 'tool_disclosure.tool': 'mail__send', 'tool_disclosure.outcome': 'described' },
    ]);
    expect(named('resolve').map(attributesOf)).toContainEqual({
      'tool_disclosure.tool': 'mail__send',
      'tool_disclosure.name_form': 'canonical',
    });
    expect(named('approval_requested').map(attributesOf)).toEqual([
      { 'tool_disclosure.tool': 'mail__send' },
    ]);
    const steps = named('step').map(attributesOf);
    expect(steps.map((step) => step?.['tool_disclosure.step_number'])).toEqual([0, 1]);
    for (const step of steps) {
      expect(step?.['tool_disclosure.full_tokens']).toBeGreaterThan(0);
      expect(step?.['tool_disclosure.saved_tokens']).toBe(
        Number(step?.['tool_disclosure.full_tokens']) -
          Number(step?.['tool_disclosure.advertised_tokens']),
      );
    }
    // One span per event the app heard: spans and events cannot disagree.
    expect(spans().map((span) => span.name)).toEqual(
      events.map((event) => `tool_disclosure.${event.type.replace('-', '_')}`),
    );

    exporter.reset();
    await runScripted(kind, [[]], {
      tools,
      telemetry,
      messages: approvingAll(first),
      toolDisclosure: options,
    });
    expect(named('approval_answered').map(attributesOf)).toEqual([
      { 'tool_disclosure.tool': 'mail__send', 'tool_disclosure.approved': true },
    ]);
    const [call] = named('call');
    expect(attributesOf(call)).toEqual({
      'tool_disclosure.tool': 'mail__send',
      'tool_disclosure.outcome': 'result',
    });
    expect(call?.status.code).toBe(SpanStatusCode.UNSET);
    expect(named('cache_rebuild')).toEqual([]);
  });

  it('records nothing with telemetry off, or unset and no integration registered', async () => {
    for (const settings of [
      {},
      { telemetry: { isEnabled: false } },
      { experimental_telemetry: { isEnabled: false } },
      { telemetry: { isEnabled: false, integrations: [{}] } },
    ]) {
      await runScripted(kind, [[['s1', 'tool_search', { query: 'weather' }]], []], {
        tools: catalog(),
        ...settings,
        toolDisclosure: { maxTools: 2, environment: {}, cache: createToolDisclosureCache() },
      });
    }
    expect(spans()).toEqual([]);
  });

  it('leaves the query out with recordInputs false, under experimental_telemetry too', async () => {
    await runScripted(kind, [[['s1', 'tool_search', { query: 'weather' }]], []], {
      tools: catalog(),
      experimental_telemetry: { isEnabled: true, recordInputs: false },
      toolDisclosure: { maxTools: 2, environment: {} },
    });
    const [search] = named('search');
    expect(search?.attributes['tool_disclosure.result_count']).toBeGreaterThan(0);
    expect(search?.attributes).not.toHaveProperty('tool_disclosure.query');
  });

  it('never names a denied tool, and fails the spans of failed calls', async () => {
    await runScripted(
      kind,
      [
        [
          ['c1', 'tool_call', { name: 'admin.drop_db', arguments: {} }],
          ['c2', 'admin__drop_db', {}],
          ['d1', 'tool_describe', { name: 'admin.drop_db' }],
          ['s1', 'tool_search', { query: 'weather' }],
        ],
        [],
      ],
      {
        tools: catalog(),
        telemetry: { isEnabled: true },
        toolDisclosure: { maxTools: 2, environment: {}, policy: { deny: ['admin.*'] } },
      },
    );
    expect(spans().length).toBeGreaterThan(0);
    const recorded = JSON.stringify(
      spans().map(({ name, attributes, status, events }) => ({ name, attributes, status, events })),
    );
    expect(recorded).not.toMatch(/drop_db/);
    const failed = named('call').find(
      (span) => span.attributes['tool_disclosure.outcome'] === 'unknown_tool',
    );
    expect(failed?.attributes).not.toHaveProperty('tool_disclosure.tool');
    expect(failed?.status).toEqual({ code: SpanStatusCode.ERROR, message: 'unknown_tool' });
  });
});

describe('OpenTelemetry spans with a ToolLoopAgent', () => {
  it("records the spans of each agent call by the agent's telemetry settings", async () => {
    const model = scriptedModel('generateText', [
      [['s1', 'tool_search', { query: 'weather forecast' }]],
      [],
    ]);
    const settings = await withToolDisclosure(
      { model, tools: catalog(), stopWhen: isStepCount(3), telemetry: { isEnabled: true } },
      { maxTools: 2, environment: {} },
    );
    await new ToolLoopAgent(settings as never).generate({ prompt: 'Will it rain?' });
    expect(named('search').map((span) => span.attributes['tool_disclosure.query'])).toEqual([
      'weather forecast',
    ]);
    expect(named('step').length).toBe(2);
  });
});

const noWarning = (message: string) => {
  throw new Error(`unexpected warning: ${message}`);
};

describe('createSpanRecorder', () => {
  it('gives a span the duration the event reports', async () => {
    const record = createSpanRecorder({ telemetry: { isEnabled: true } }, noWarning);
    record?.({ type: 'cache-rebuild', what: 'index', tools: 7, ms: 250 });
    await loadOpenTelemetry();
    const [span] = spans();
    expect(span?.attributes).toEqual({
      'tool_disclosure.what': 'index',
      'tool_disclosure.tool_count': 7,
    });
    const [seconds = 0, nanoseconds = 0] = span?.duration ?? [];
    expect(seconds * 1000 + nanoseconds / 1e6).toBeCloseTo(250, 0);
  });

  it('records the events that come before the API is at hand once it is, in order', async () => {
    const record = createSpanRecorder({ telemetry: { isEnabled: true } }, noWarning);
    record?.({ type: 'approval-requested', tool: 'a' });
    record?.({ type: 'approval-answered', tool: 'a', approved: false });
    await loadOpenTelemetry();
    expect(spans().map((span) => span.name)).toEqual([
      'tool_disclosure.approval_requested',
      'tool_disclosure.approval_answered',
    ]);
  });

  it('reports a tracer provider that throws as a warning', async () => {
    const warnings: string[] = [];
    const record = createSpanRecorder({ telemetry: { isEnabled: true } }, (message) =>
      warnings.push(message),
    );
    await loadOpenTelemetry();
    const tracer = trace.getTracer('tool-disclosure', TRACER_VERSION);
    const startSpan = vi.spyOn(tracer, 'startSpan');
    const getTracer = vi.spyOn(trace, 'getTracer').mockReturnValue(tracer);
    startSpan.mockImplementation(() => {
      throw new Error('provider broke');
    });
    try {
      expect(() => record?.({ type: 'approval-requested', tool: 'a' })).not.toThrow();
    } finally {
      getTracer.mockRestore();
    }
    expect(warnings).toEqual([
      'recording the span tool_disclosure.approval_requested failed: provider broke',
    ]);
  });

  it('is on as ai is: isEnabled, else integrations of the call or registered ones', () => {
    expect(isTelemetryEnabled({})).toBe(false);
    expect(isTelemetryEnabled({ telemetry: { isEnabled: true } })).toBe(true);
    expect(isTelemetryEnabled({ telemetry: { integrations: [{}] } })).toBe(true);
    expect(isTelemetryEnabled({ telemetry: { integrations: [] } })).toBe(false);
    expect(
      isTelemetryEnabled({
        telemetry: { isEnabled: false },
        experimental_telemetry: { isEnabled: true },
      }),
    ).toBe(false);
    const global = globalThis as { AI_SDK_TELEMETRY_INTEGRATIONS?: unknown[] };
    global.AI_SDK_TELEMETRY_INTEGRATIONS = [{}];
    try {
      expect(isTelemetryEnabled({})).toBe(true);
      expect(isTelemetryEnabled({ telemetry: { recordInputs: false } })).toBe(true);
    } finally {
      delete global.AI_SDK_TELEMETRY_INTEGRATIONS;
    }
  });

  it('names the package version as the tracer version', () => {
    const packageJson = JSON.parse(
      readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
    ) as { version: string };
    expect(TRACER_VERSION).toBe(packageJson.version);
  });
});
