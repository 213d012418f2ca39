import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Validator } from '@cfworker/json-schema';
import type { wrapLanguageModel } from 'ai';
import {
  DISCLOSURE_MODES,
  type DisclosureMode,
  isDisclosureMode,
  PROFILE_ID_PATTERN,
  type ProfilePins,
  parseProfilePins,
} from 'tool-disclosure/disclosure';
import { aggregateObservations, type E2eAggregate } from '../e2e/aggregate-observations.js';
import { buildE2eCatalog } from '../e2e/build-e2e-catalog.js';
import { createScriptedE2eModel } from '../e2e/create-scripted-e2e-model.js';
import type { E2eModelInfo, E2eObservation } from '../e2e/e2e-observation.js';
import { E2E_PROFILE, E2E_PROFILE_PINS } from '../e2e/e2e-profile-pins.js';
import { E2E_POLICY, E2E_TASKS } from '../e2e/e2e-tasks.js';
import { runE2e } from '../e2e/run-e2e.js';
import { CliUsageError } from './cli-usage-error.js';
import { type CliCommand, defineCommand } from './define-command.js';
import { formatTable } from './format-table.js';
import { loadCatalogFile } from './load-catalog-file.js';
import { readJsonFile } from './read-json-file.js';
import { bundledCorpusPath } from './resolve-corpus-path.js';

/** The install commands of the provider packages that match ai 7. */
const OPENAI_INSTALL = 'npm install @ai-sdk/openai@^4';
const OPENAI_COMPATIBLE_INSTALL = 'npm install @ai-sdk/openai-compatible@^3';

export const E2E_USAGE = `Usage: tool-disclosure e2e [--arms off,compact,signatures,namespaces,bridged]
       [--sizes 100,500,1000] [--model scripted|openai:MODEL|openai-compatible:URL:MODEL]
       [--repetitions 3] [--profile ID] [--pins FILE] [--out FILE]

Runs the judged end-to-end tasks (exact names and ids, aliases, ambiguous queries, nested
schemas, denied-but-relevant tools, email-to-calendar, no match) through the wrapper's
generateText for each arm and catalog size, one cold and N warm repetitions, with a policy
that denies jira.*. A size is that many tools: the judged corpus padded with distractors,
or below the corpus's size the corpus without the tools no task needs (the tasks' tools
and the denied ones always stay, so a size too small for them is refused). Writes
schema-version-2 observations and an aggregate to FILE and prints a summary. --model scripted (the default)
is a deterministic reference agent: it shows protocol shape, not model behaviour.
openai:MODEL needs OPENAI_API_KEY set and ${OPENAI_INSTALL}; openai-compatible:URL:MODEL
needs ${OPENAI_COMPATIBLE_INSTALL} (OPENAI_COMPATIBLE_API_KEY is sent when set).

Every arm runs for one profile; only bridged advertises its pinned tools, so bridged
differs from namespaces exactly on the tasks a pinned tool serves. --profile ID (default
${E2E_PROFILE}) names it; --pins FILE replaces the built-in pin map with a JSON object of
profile id to tool names, as TOOL_DISCLOSURE_PROFILE_PINS takes it, which must pin tools
for that profile. The built-in map pins
${E2E_PROFILE_PINS[E2E_PROFILE]?.join(', ')}.`;

/** The note a scripted report carries in its header. */
export const SCRIPTED_NOTE =
  'Scripted reference agent: this report shows protocol shape, not model behaviour.';

const OPENAI_PACKAGE: string = '@ai-sdk/openai';
const OPENAI_COMPATIBLE_PACKAGE: string = '@ai-sdk/openai-compatible';

type BaseModel = Parameters<typeof wrapLanguageModel>[0]['model'];

/** `tool-disclosure e2e`: judged tasks through the wrapper, per arm, size and repetition. */
export const e2eCommand: CliCommand = defineCommand(
  {
    usage: E2E_USAGE,
    options: {
      arms: { type: 'string' },
      sizes: { type: 'string' },
      model: { type: 'string' },
      repetitions: { type: 'string' },
      profile: { type: 'string' },
      pins: { type: 'string' },
      out: { type: 'string' },
    },
  },
  async ({ values }, io) => {
    const arms = parseArms(values.arms);
    const sizes = parseSizes(values.sizes);
    const repetitions = parseRepetitions(values.repetitions);
    const spec = parseModel(values.model ?? 'scripted');
    const profile = await resolveProfile(values.profile, values.pins);
    const corpus = await loadCatalogFile(bundledCorpusPath('judged-corpus'));
    for (const size of sizes) {
      try {
        buildE2eCatalog({ tools: corpus.tools, tasks: E2E_TASKS, policy: E2E_POLICY, size });
      } catch (error) {
        if (!(error instanceof RangeError)) throw error;
        throw new CliUsageError({ message: `--sizes: ${error.message}`, cause: error });
      }
    }

    let model: BaseModel;
    let modelInfo: E2eModelInfo;
    if (spec.kind === 'scripted') {
      model = await createScriptedE2eModel(E2E_TASKS);
      modelInfo = { provider: 'scripted', model: 'reference-agent', temperature: null };
    } else if (spec.kind === 'openai') {
      const apiKey = io.environment.OPENAI_API_KEY;
      if (apiKey === undefined || apiKey.trim() === '') {
        throw new CliUsageError({
          message: `--model openai:${spec.model} needs an OpenAI API key: set OPENAI_API_KEY, or use --model scripted`,
        });
      }
      const provider = await importProvider(OPENAI_PACKAGE);
      if (provider === undefined) {
        throw new CliUsageError({
          message: `--model openai:${spec.model} needs the @ai-sdk/openai package, which is not installed.\nInstall it with: ${OPENAI_INSTALL}`,
        });
      }
      const create = provider.createOpenAI as
        | ((settings: { apiKey: string }) => (id: string) => BaseModel)
        | undefined;
      if (typeof create !== 'function') {
        throw new CliUsageError({ message: '@ai-sdk/openai does not export createOpenAI' });
      }
      model = create({ apiKey })(spec.model);
      modelInfo = { provider: 'openai', model: spec.model, temperature: 0 };
    } else {
      const provider = await importProvider(OPENAI_COMPATIBLE_PACKAGE);
      if (provider === undefined) {
        throw new CliUsageError({
          message: `--model openai-compatible needs the @ai-sdk/openai-compatible package, which is not installed.\nInstall it with: ${OPENAI_COMPATIBLE_INSTALL}`,
        });
      }
      const create = provider.createOpenAICompatible as
        | ((settings: { name: string; baseURL: string; apiKey?: string }) => {
            chatModel: (id: string) => BaseModel;
          })
        | undefined;
      if (typeof create !== 'function') {
        throw new CliUsageError({
          message: '@ai-sdk/openai-compatible does not export createOpenAICompatible',
        });
      }
      const apiKey = io.environment.OPENAI_COMPATIBLE_API_KEY;
      model = create({
        name: 'openai-compatible',
        baseURL: spec.url,
        ...(apiKey ? { apiKey } : {}),
      }).chatModel(spec.model);
      modelInfo = { provider: 'openai-compatible', model: spec.model, temperature: 0 };
    }

    const schemaPath = fileURLToPath(
      new URL('../../schemas/e2e-observation.v2.json', import.meta.url),
    );
    const validator = new Validator(
      JSON.parse(await readFile(schemaPath, 'utf8')),
      '2020-12',
      false,
    );

    const started = performance.now();
    const observations = await runE2e({
      corpus,
      tasks: E2E_TASKS,
      arms,
      sizes,
      repetitions,
      model,
      modelInfo,
      policy: E2E_POLICY,
      profile,
      measured: spec.kind !== 'scripted',
    });
    const seconds = (performance.now() - started) / 1000;

    for (const [index, observation] of observations.entries()) {
      // Validated as written: the JSON text, so a stray `undefined` fails as a missing field.
      const result = validator.validate(JSON.parse(JSON.stringify(observation)));
      if (!result.valid) {
        const errors = result.errors
          .slice(0, 5)
          .map((error) => `${error.instanceLocation}: ${error.error}`)
          .join('; ');
        io.stderr(
          `tool-disclosure: observation ${index} (${observation.arm}, ${observation.catalog.tool_count} tools, task ${observation.task.id}) does not match schemas/e2e-observation.v2.json: ${errors}\n`,
        );
        return 1;
      }
    }

    const aggregate = aggregateObservations(observations);
    const report = {
      schema_version: 2,
      header: {
        generated_by: 'tool-disclosure e2e',
        model: modelInfo,
        note: spec.kind === 'scripted' ? SCRIPTED_NOTE : null,
        arms,
        sizes,
        repetitions,
        profile: profile.id,
        pins: [...(profile.pins[profile.id] ?? [])],
      },
      observations,
      aggregate,
    };
    if (values.out !== undefined) {
      await mkdir(dirname(values.out), { recursive: true });
      await writeFile(values.out, `${JSON.stringify(report, null, 2)}\n`);
    }
    io.stdout(`${renderSummary(report.header, observations, aggregate, seconds, values.out)}\n`);
    return 0;
  },
);

type ModelSpec =
  | { kind: 'scripted' }
  | { kind: 'openai'; model: string }
  | { kind: 'openai-compatible'; url: string; model: string };

function parseModel(value: string): ModelSpec {
  if (value === 'scripted') return { kind: 'scripted' };
  const openai = /^openai:(\S+)$/.exec(value);
  if (openai !== null) return { kind: 'openai', model: openai[1] as string };
  const compatible = /^openai-compatible:(https?:\/\/[^/:\s]+(?::\d+)?(?:\/[^:\s]*)?):(\S+)$/.exec(
    value,
  );
  if (compatible !== null) {
    return {
      kind: 'openai-compatible',
      url: compatible[1] as string,
      model: compatible[2] as string,
    };
  }
  throw new CliUsageError({
    message: `--model must be scripted, openai:MODEL or openai-compatible:URL:MODEL (e.g. openai-compatible:http://localhost:11434/v1:llama3.1), got ${JSON.stringify(value)}`,
  });
}

function parseArms(value: string | undefined): DisclosureMode[] {
  if (value === undefined) return [...DISCLOSURE_MODES];
  const arms = value.split(',').map((arm) => arm.trim());
  for (const arm of arms) {
    if (!isDisclosureMode(arm)) {
      throw new CliUsageError({
        message: `--arms: ${JSON.stringify(arm)} is not one of ${DISCLOSURE_MODES.join(', ')}`,
      });
    }
  }
  return [...new Set(arms)] as DisclosureMode[];
}

function parseSizes(value: string | undefined): number[] {
  if (value === undefined) return [100, 500, 1000];
  const sizes = value.split(',').map((size) => size.trim());
  for (const size of sizes) {
    if (!/^[1-9]\d*$/.test(size) || Number(size) > 100_000) {
      throw new CliUsageError({
        message: `--sizes: ${JSON.stringify(size)} is not a whole number from 1 to 100000`,
      });
    }
  }
  return [...new Set(sizes.map(Number))];
}

function parseRepetitions(value: string | undefined): number {
  if (value === undefined) return 3;
  if (!/^\d+$/.test(value) || Number(value) > 100) {
    throw new CliUsageError({
      message: `--repetitions: ${JSON.stringify(value)} is not a whole number from 0 to 100`,
    });
  }
  return Number(value);
}

/**
 * The profile the runs are made for and its pin map: the built-in one unless
 * `--pins` names a file. A profile without pins is refused, since `bridged`
 * would then measure nothing that `namespaces` does not.
 */
async function resolveProfile(
  id: string | undefined = E2E_PROFILE,
  pinsPath: string | undefined,
): Promise<{ id: string; pins: ProfilePins }> {
  if (!PROFILE_ID_PATTERN.test(id)) {
    throw new CliUsageError({
      message: `--profile: ${JSON.stringify(id)} is not a profile id ([a-z0-9_:-]{1,128})`,
    });
  }
  let pins = E2E_PROFILE_PINS;
  if (pinsPath !== undefined) {
    const value = await readJsonFile(pinsPath, 'pins file');
    try {
      pins = parseProfilePins(value, `--pins ${pinsPath}`);
    } catch (error) {
      throw new CliUsageError({ message: (error as Error).message, cause: error });
    }
  }
  if (!Object.hasOwn(pins, id) || pins[id]?.length === 0) {
    throw new CliUsageError({
      message: `--profile ${id} has no pins${pinsPath === undefined ? ' in the built-in pin map' : ` in ${pinsPath}`}, so the bridged arm would measure the same as namespaces; pinned profiles: ${Object.keys(pins).join(', ') || 'none'}`,
    });
  }
  return { id, pins };
}

/** Imports an optional provider package; undefined when it is not installed. */
async function importProvider(name: string): Promise<Record<string, unknown> | undefined> {
  try {
    return (await import(name)) as Record<string, unknown>;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND') return undefined;
    throw error;
  }
}

function renderSummary(
  header: {
    model: E2eModelInfo;
    note: string | null;
    repetitions: number;
    profile: string;
    pins: readonly string[];
  },
  observations: readonly E2eObservation[],
  aggregate: readonly E2eAggregate[],
  seconds: number,
  out: string | undefined,
): string {
  const rows = [
    ['arm', 'tools', 'runs', 'completed', 'recall', 'leaks', 'turns', 'discovery', 'failures'],
    ...aggregate.map((row) => {
      const failures = Object.entries(row.failures)
        .filter(([, count]) => count > 0)
        .map(([kind, count]) => `${kind} ${count}`)
        .join(', ');
      return [
        row.arm,
        String(row.tool_count),
        String(row.observations),
        percent(row.completion_rate),
        percent(row.correct_tool_recall_rate),
        String(row.unauthorized_tool_leaks),
        `${row.model_turns.median} (worst ${row.model_turns.worst})`,
        `${row.discovery_turns.median} (worst ${row.discovery_turns.worst})`,
        failures === '' ? '-' : failures,
      ];
    }),
  ];
  const lines = [
    `tool-disclosure e2e: ${header.model.provider}:${header.model.model}, one cold + ${header.repetitions} warm repetitions, ${observations.length} observations in ${seconds.toFixed(1)} s`,
    ...(header.note === null ? [] : [header.note]),
    `Profile ${header.profile}: bridged advertises its pins (${header.pins.join(', ')}).`,
    '',
    ...formatTable(rows),
  ];
  if (out !== undefined) lines.push('', `Wrote ${out}`);
  return lines.join('\n');
}

function percent(value: number): string {
  return `${(value * 100).toFixed(0)}%`;
}
