import { describe, expect, it } from 'vitest';
import {
  createDemoTools,
  DEMO_CALENDAR_CREATE_TOOL,
  DEMO_MAIL_SEARCH_TOOL,
  DEMO_MAILBOX,
  DEMO_NO_BACKEND_RESULT,
} from '../e2e/demo-tools.js';
import { generateDistractors } from '../eval/generate-distractors.js';
import { runCliCaptured } from './run-cli-captured.case.js';

const demo = (args: string[], environment: Record<string, string | undefined> = {}) =>
  runCliCaptured(['demo', ...args], environment);

interface ToolCallRecord {
  tool: string;
  input: Record<string, unknown>;
  real_tool?: string;
  arguments?: Record<string, unknown>;
  output?: unknown;
  error?: string;
}

interface Report {
  model: string;
  catalog: { tools: number };
  advertised: { name: string; tokens: number }[];
  tokens: { full: number; advertised: number };
  advertised_identical_on_every_step: boolean;
  steps: {
    advertised: string[];
    advertised_hash: string;
    tool_calls: ToolCallRecord[];
    text: string;
  }[];
  text: string;
  event_created: boolean;
}

describe('tool-disclosure demo', () => {
  it('runs the scripted agent: search, bridged mail search, search, bridged event creation, answer', async () => {
    const { code, stdout, stderr } = await demo(['--json']);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as Report;
    expect(report.model).toBe('scripted');
    expect(report.catalog.tools).toBe(1000);

    const shape = report.steps.map((step) => {
      const [toolCall] = step.tool_calls;
      if (toolCall === undefined) return 'text';
      return toolCall.real_tool === undefined ? toolCall.tool : `tool_call(${toolCall.real_tool})`;
    });
    expect(shape).toEqual([
      'tool_search',
      `tool_call(${DEMO_MAIL_SEARCH_TOOL})`,
      'tool_search',
      `tool_call(${DEMO_CALENDAR_CREATE_TOOL})`,
      'text',
    ]);
    expect(report.steps.every((step) => step.tool_calls.length <= 1)).toBe(true);

    const [search, mail, , event] = report.steps.map((step) => step.tool_calls[0]);
    const found = (search?.output as { results: { name: string }[] } | undefined)?.results.map(
      (result) => result.name,
    );
    expect(found).toContain(DEMO_MAIL_SEARCH_TOOL);
    // What the model called (tool_call, naming the tool it found) and the app's tool that ran.
    expect(mail).toMatchObject({
      tool: 'tool_call',
      input: { name: DEMO_MAIL_SEARCH_TOOL, arguments: { query: expect.any(String) } },
      real_tool: DEMO_MAIL_SEARCH_TOOL,
      arguments: { query: expect.any(String) },
    });
    expect(mail?.output).toEqual({ messages: [DEMO_MAILBOX[0]], result_size_estimate: 1 });

    // The time is the one Dana proposes in her email, read from the mail tool's result.
    expect(DEMO_MAILBOX[0]?.snippet).toContain('Tuesday, 10 March 2026 at 10:00 (Europe/Berlin)');
    expect(event?.arguments).toMatchObject({
      summary: 'Quarterly review',
      start: { date_time: '2026-03-10T10:00:00', time_zone: 'Europe/Berlin' },
      end: { date_time: '2026-03-10T11:00:00', time_zone: 'Europe/Berlin' },
      attendees: [{ email: 'dana.whitfield@example.com' }],
    });
    expect(event?.output).toMatchObject({
      id: expect.stringMatching(/^evt_/),
      status: 'confirmed',
      start: { date_time: '2026-03-10T10:00:00' },
    });
    expect(report.event_created).toBe(true);
    expect(report.text).toContain('Tuesday, 10 March 2026 at 10:00');
  });

  it('sends the same tools on every step, at most 1,500 tokens and 50x fewer than the catalog', async () => {
    const report = JSON.parse((await demo(['--json'])).stdout) as Report;
    const names = report.advertised.map((tool) => tool.name);
    expect(names).toEqual(['tool_search', 'tool_describe', 'tool_call']);
    expect(report.steps).toHaveLength(5);
    for (const step of report.steps) {
      expect(step.advertised).toEqual(names);
      expect(step.advertised_hash).toBe(report.steps[0]?.advertised_hash);
    }
    expect(report.advertised_identical_on_every_step).toBe(true);
    expect(report.tokens.advertised).toBe(
      report.advertised.reduce((total, tool) => total + tool.tokens, 0),
    );
    expect(report.tokens.advertised).toBeLessThanOrEqual(1500);
    expect(report.tokens.full).toBeGreaterThanOrEqual(50 * report.tokens.advertised);
  });

  it('prints the search, the bridged call and the real tool result for people', async () => {
    const { code, stdout } = await demo([]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/tool_search\s+\{"query":"search email messages in the mailbox"\}/);
    expect(stdout).toMatch(/found: gmail__search_messages/);
    expect(stdout).toContain(`tool_call -> ${DEMO_MAIL_SEARCH_TOOL}`);
    expect(stdout).toContain(`tool_call -> ${DEMO_CALENDAR_CREATE_TOOL}`);
    expect(stdout).toContain(`the app saw: ${DEMO_CALENDAR_CREATE_TOOL} {"calendar_id":"primary"`);
    expect(stdout).toContain('the app saw, and ran, a call of the');
    expect(stdout).toContain(`${DEMO_CALENDAR_CREATE_TOOL} returned:`);
    expect(stdout).toContain('"date_time": "2026-03-10T10:00:00"');
    expect(stdout).toMatch(/total\s+[\d,]+ tokens, against [\d,]+ for all 1,000 tools/);
    expect(stdout).toContain('identical on all 5 steps');
  });

  it('exits 2 saying what to set when a real model is asked for without OPENAI_API_KEY', async () => {
    for (const environment of [{}, { OPENAI_API_KEY: '  ' }]) {
      const result = await demo(['--model', 'openai:gpt-4.1-mini', '--json'], environment);
      expect(result).toEqual({
        code: 2,
        stdout: '',
        stderr:
          'tool-disclosure: --model openai:gpt-4.1-mini needs an OpenAI API key: set OPENAI_API_KEY, or leave out --model to run the scripted agent\n',
      });
    }
  });

  it('fails when search cannot give the agent its tools (no bridges with TOOL_DISCLOSURE=off)', async () => {
    const { code, stderr } = await demo(['--json'], { TOOL_DISCLOSURE: 'off' });
    expect(code).toBe(1);
    expect(stderr).toContain('did not create the event');
  });

  it('rejects a --model of another provider as a usage error', async () => {
    const { code, stderr } = await demo(['--model', 'anthropic:claude']);
    expect(code).toBe(2);
    expect(stderr).toContain('--model must be openai:MODEL');
  });

  it('gives every other tool a no-backend answer', async () => {
    const tools = createDemoTools(generateDistractors(1));
    const [name] = Object.keys(tools);
    const execute = tools[name as string]?.execute as
      | ((input: unknown, options: { toolCallId: string; messages: [] }) => Promise<unknown>)
      | undefined;
    const output = await execute?.({ artifact_id: 'a1' }, { toolCallId: 'c1', messages: [] });
    expect(output).toEqual(DEMO_NO_BACKEND_RESULT);
  });
});
