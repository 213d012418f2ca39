import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Validator } from '@cfworker/json-schema';
import { DISCLOSURE_MODES } from 'tool-disclosure/disclosure';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { E2eAggregate } from '../e2e/aggregate-observations.js';
import type { E2eObservation } from '../e2e/e2e-observation.js';
import { E2E_PROFILE, E2E_PROFILE_PINS } from '../e2e/e2e-profile-pins.js';
import { E2E_SCENARIOS, E2E_TASKS } from '../e2e/e2e-tasks.js';
import type { CliIo } from './cli-io.js';
import { E2E_USAGE, e2eCommand, SCRIPTED_NOTE } from './e2e-command.js';
import { runCliCaptured } from './run-cli-captured.case.js';

const sizes = [100, 500, 1000];

interface Report {
  schema_version: number;
  header: {
    generated_by: string;
    model: { provider: string; model: string; temperature: number | null };
    note: string | null;
    arms: string[];
    sizes: number[];
    repetitions: number;
    profile: string;
    pins: string[];
  };
  observations: E2eObservation[];
  aggregate: E2eAggregate[];
}

function createIo() {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = {
    stdout: (text) => out.push(text),
    stderr: (text) => err.push(text),
    environment: {},
  };
  return { io, out, err };
}

describe('e2e --model scripted, full run', () => {
  let directory: string;
  let report: Report;
  let stdout: string;

  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'tool-disclosure-e2e-'));
    const file = join(directory, 'e2e.json');
    const { io, out, err } = createIo();
    const code = await e2eCommand(
      [
        '--model',
        'scripted',
        '--arms',
        DISCLOSURE_MODES.join(','),
        '--sizes',
        sizes.join(','),
        '--repetitions',
        '3',
        '--out',
        file,
      ],
      io,
    );
    expect(err.join('')).toBe('');
    expect(code).toBe(0);
    stdout = out.join('');
    report = JSON.parse(await readFile(file, 'utf8')) as Report;
  }, 120_000);

  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('writes the header, with the scripted note', () => {
    expect(report.schema_version).toBe(2);
    expect(report.header).toEqual({
      generated_by: 'tool-disclosure e2e',
      model: { provider: 'scripted', model: 'reference-agent', temperature: null },
      note: SCRIPTED_NOTE,
      arms: [...DISCLOSURE_MODES],
      sizes,
      repetitions: 3,
      profile: E2E_PROFILE,
      pins: [...(E2E_PROFILE_PINS[E2E_PROFILE] ?? [])],
    });
    expect(stdout).toContain(SCRIPTED_NOTE);
    expect(stdout).toContain(`Profile ${E2E_PROFILE}: bridged advertises its pins`);
  });

  it('validates every observation against the checked-in schema', async () => {
    const schemaPath = fileURLToPath(
      new URL('../../schemas/e2e-observation.v2.json', import.meta.url),
    );
    const validator = new Validator(
      JSON.parse(await readFile(schemaPath, 'utf8')),
      '2020-12',
      false,
    );
    for (const observation of report.observations) {
      expect(validator.validate(observation).errors).toEqual([]);
    }
    const [first] = report.observations;
    const broken = [
      { ...first, extra: true },
      { ...first, failure: 'timeout' },
      { ...first, arm: 'full' },
      { ...first, tokens: { input: '12', cached_input: null, output: null } },
      { ...first, run: { thermal_class: 'lukewarm', repetition: 0 } },
      { ...first, task: { id: 'x', correct_tool_recalled: true, unauthorized_tool_leaks: 0 } },
    ];
    for (const observation of broken) expect(validator.validate(observation).valid).toBe(false);
    expect(report.observations).toHaveLength(
      DISCLOSURE_MODES.length * sizes.length * 4 * E2E_TASKS.length,
    );
  });

  it('covers the seven scenarios with every task for every arm and size, cold and warm', () => {
    expect(new Set(E2E_TASKS.map((task) => task.scenario))).toEqual(new Set(E2E_SCENARIOS));
    const toolCounts = [...new Set(report.observations.map((o) => o.catalog.tool_count))];
    // A size is that many tools, 100 included although the judged corpus has more.
    expect(toolCounts).toEqual(sizes);
    for (const arm of DISCLOSURE_MODES) {
      for (const toolCount of toolCounts) {
        for (const task of E2E_TASKS) {
          const runs = report.observations.filter(
            (o) => o.arm === arm && o.catalog.tool_count === toolCount && o.task.id === task.id,
          );
          expect(runs.map((o) => `${o.run.thermal_class}${o.run.repetition}`)).toEqual([
            'cold0',
            'warm1',
            'warm2',
            'warm3',
          ]);
        }
      }
    }
  });

  it('completes every task: the scripted agent finds and calls the right tools', () => {
    const failed = report.observations.filter((o) => !o.task.completed || o.failure !== null);
    expect(failed.map((o) => `${o.arm} ${o.catalog.tool_count} ${o.task.id} ${o.failure}`)).toEqual(
      [],
    );
    expect(report.observations.every((o) => o.task.correct_tool_recalled)).toBe(true);
  });

  it('answers the no-match task without calling a tool and without a leak', () => {
    const noMatch = report.observations.filter((o) => o.task.id === 'no-match-order-pizza');
    expect(noMatch).toHaveLength(DISCLOSURE_MODES.length * sizes.length * 4);
    for (const o of noMatch) {
      expect(o.task.completed).toBe(true);
      expect(o.counts.tool_calls).toBe(0);
      expect(o.task.unauthorized_tool_leaks).toBe(0);
      expect(o.failure).toBeNull();
    }
  });

  it('leaks no denied tool, the denied-but-relevant task included', () => {
    expect(report.observations.filter((o) => o.task.unauthorized_tool_leaks !== 0)).toEqual([]);
    expect(report.observations.some((o) => o.task.id === 'denied-create-issue')).toBe(true);
  });

  it('calls the tools of the cross-namespace task through the bridges in deferred arms, directly where pinned', () => {
    const crossNamespace = report.observations.filter(
      (o) => o.task.id === 'cross-namespace-email-to-calendar',
    );
    for (const o of crossNamespace) {
      expect(o.counts.tool_calls).toBe(2);
      // Both of its tools are pinned, so bridged needs no search, like off.
      if (o.arm === 'off' || o.arm === 'bridged') expect(o.counts.tool_search_calls).toBe(0);
      else expect(o.counts.tool_search_calls).toBe(2);
    }
  });

  it('reports provider tokens and latency as null for the scripted model', () => {
    for (const o of report.observations) {
      expect(o.tokens).toEqual({ input: null, cached_input: null, output: null });
      expect(o.latency_ms).toEqual({ time_to_first_correct_tool_call: null, end_to_end: null });
    }
    for (const row of report.aggregate) {
      expect(row.tokens_input).toBeNull();
      expect(row.latency_end_to_end_ms).toBeNull();
    }
  });

  it('keeps the tool definitions byte-stable across steps in deferred arms', () => {
    for (const o of report.observations) {
      if (o.arm !== 'off') expect(o.cache.tool_definition_signature_changes).toBe(0);
    }
  });

  it('runs bridged with the profile pins: it differs from namespaces exactly on the tasks pins serve', () => {
    const pinned = new Set(E2E_PROFILE_PINS[E2E_PROFILE]);
    const servedByPins = new Set(
      E2E_TASKS.filter((task) =>
        task.stages.some((stage) => Object.keys(stage.candidates).some((name) => pinned.has(name))),
      ).map((task) => task.id),
    );
    expect(servedByPins.size).toBeGreaterThan(0);
    const find = (o: E2eObservation, arm: string) =>
      report.observations.find(
        (other) =>
          other.arm === arm &&
          other.catalog.tool_count === o.catalog.tool_count &&
          other.task.id === o.task.id &&
          other.run.repetition === o.run.repetition,
      );
    for (const bridged of report.observations.filter((o) => o.arm === 'bridged')) {
      const namespaces = find(bridged, 'namespaces');
      if (servedByPins.has(bridged.task.id)) {
        expect(bridged.counts.discovery_turns).toBeLessThan(
          namespaces?.counts.discovery_turns ?? 0,
        );
      } else {
        expect(bridged.counts).toEqual(namespaces?.counts);
      }
    }
  });

  it('aggregates each arm and size', () => {
    expect(report.aggregate).toHaveLength(DISCLOSURE_MODES.length * sizes.length);
    for (const row of report.aggregate) {
      expect(row.observations).toBe(4 * E2E_TASKS.length);
      expect(row.completion_rate).toBe(1);
      expect(row.unauthorized_tool_leaks).toBe(0);
      expect(row.model_turns.spread).toBe(
        row.model_turns.worst -
          Math.min(
            ...report.observations
              .filter((o) => o.arm === row.arm && o.catalog.tool_count === row.tool_count)
              .map((o) => o.counts.model_turns),
          ),
      );
    }
  });

  it('keeps no prompts, tool arguments or user content', () => {
    // The header's pins are configuration, not user content; one of them is also an exact-name query.
    const text = JSON.stringify({ ...report, header: { ...report.header, pins: [] } });
    for (const task of E2E_TASKS) {
      expect(text).not.toContain(task.prompt);
      for (const stage of task.stages) expect(text).not.toContain(stage.query);
    }
    expect(text).not.toContain('Login page fails');
  });
});

describe('e2e usage', () => {
  it('prints help', async () => {
    const { io, out } = createIo();
    expect(await e2eCommand(['--help'], io)).toBe(0);
    expect(out.join('')).toContain(E2E_USAGE);
  });

  it('rejects a bad profile id, a bad pin map, and a profile the pin map does not pin', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'tool-disclosure-e2e-pins-'));
    try {
      const { io } = createIo();
      await expect(e2eCommand(['--profile', 'Not Valid'], io)).rejects.toThrow(
        /--profile: "Not Valid" is not a profile id/,
      );
      await expect(e2eCommand(['--profile', 'support'], io)).rejects.toThrow(
        /--profile support has no pins in the built-in pin map, so the bridged arm would measure the same as namespaces; pinned profiles: e2e-judged/,
      );
      const bad = join(directory, 'bad.json');
      await writeFile(bad, JSON.stringify({ support: 'zendesk__create_ticket' }));
      await expect(e2eCommand(['--pins', bad], io)).rejects.toThrow(
        /Invalid profile pins from --pins .*bad\.json: profile "support" must map to an array/,
      );
      const other = join(directory, 'other.json');
      await writeFile(other, JSON.stringify({ support: ['zendesk__create_ticket'] }));
      await expect(e2eCommand(['--pins', other], io)).rejects.toThrow(
        /--profile e2e-judged has no pins in .*other\.json/,
      );
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });

  it('runs bridged with a pin map from --pins for the --profile named', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'tool-disclosure-e2e-pins-'));
    try {
      const pins = join(directory, 'pins.json');
      const file = join(directory, 'e2e.json');
      await writeFile(pins, JSON.stringify({ support: ['twilio.send_sms'] }));
      const { io, err } = createIo();
      const code = await e2eCommand(
        [
          '--arms',
          'namespaces,bridged',
          '--sizes',
          '500',
          '--repetitions',
          '0',
          '--profile',
          'support',
          '--pins',
          pins,
          '--out',
          file,
        ],
        io,
      );
      expect(err.join('')).toBe('');
      expect(code).toBe(0);
      const written = JSON.parse(await readFile(file, 'utf8')) as Report;
      expect(written.header).toMatchObject({ profile: 'support', pins: ['twilio.send_sms'] });
      const sms = (arm: string) =>
        written.observations.find((o) => o.arm === arm && o.task.id === 'canonical-id-twilio-sms');
      expect(sms('namespaces')?.counts.tool_search_calls).toBe(1);
      expect(sms('bridged')?.counts).toMatchObject({ tool_search_calls: 0, tool_calls: 1 });
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });

  it('rejects an unknown arm, size or model', async () => {
    const { io } = createIo();
    await expect(e2eCommand(['--arms', 'full'], io)).rejects.toThrow(/--arms/);
    await expect(e2eCommand(['--sizes', '0'], io)).rejects.toThrow(/--sizes/);
    await expect(e2eCommand(['--sizes', '100,10'], io)).rejects.toThrow(
      '--sizes: 10 tools cannot hold the 15 the judged tasks need (their tools and the denied ones); the smallest size is 15',
    );
    await expect(e2eCommand(['--model', 'anthropic:claude'], io)).rejects.toThrow(/--model/);
  });

  it('asks for @ai-sdk/openai-compatible, in the version that matches ai 7, when it is not installed', async () => {
    const result = await runCliCaptured([
      'e2e',
      '--model',
      'openai-compatible:http://localhost:11434/v1:llama3.1:8b',
      '--sizes',
      '100',
    ]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('npm install @ai-sdk/openai-compatible@^3');
  });

  it('exits 2 saying what to set when an openai model is asked for without OPENAI_API_KEY', async () => {
    for (const environment of [{}, { OPENAI_API_KEY: '' }]) {
      const result = await runCliCaptured(
        ['e2e', '--model', 'openai:gpt-4.1-mini', '--sizes', '100'],
        environment,
      );
      expect(result).toEqual({
        code: 2,
        stdout: '',
        stderr:
          'tool-disclosure: --model openai:gpt-4.1-mini needs an OpenAI API key: set OPENAI_API_KEY, or use --model scripted\n',
      });
    }
  });
});
