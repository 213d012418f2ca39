import { execFile } from 'node:child_process';
import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { median } from './percentile.js';
import { timeAlternately } from './time-alternately.js';

const execFileAsync = promisify(execFile);

/** A whole cold process answering one request that does not search, ours against plain `ai`. */
export interface ColdProcess {
  tools: number;
  /** Median wall time of a process that imports `ai` and answers with every tool. */
  plain_ms: number;
  /** The same through the wrapper (`generateText` of the package at `packageEntry`). */
  ours_ms: number;
  /** `ours_ms / plain_ms`. */
  ratio: number;
}

export interface MeasureColdProcessOptions {
  /** The built package's root entry (`dist/index.js`). */
  packageEntry: string;
  tools: number;
  /** Pairs of runs, alternating which goes first. @default 5 */
  pairs?: number;
  /** The clock, in milliseconds. @default performance.now */
  now?: () => number;
}

/**
 * Starts a fresh Node process per run that builds `tools` tools, answers one
 * request of a scripted model that calls no tool, and exits; once with
 * `generateText` from `ai` and every tool, once with the wrapper's
 * `generateText` (which then advertises the bridges and builds no search
 * index). Runs alternate in pairs; each figure is the median wall time from
 * start to exit, so the import of both packages counts.
 *
 * @example
 * const { ratio } = await measureColdProcess({ packageEntry: 'dist/index.js', tools: 1000 });
 */
export async function measureColdProcess({
  packageEntry,
  tools,
  pairs = 5,
  now = () => performance.now(),
}: MeasureColdProcessOptions): Promise<ColdProcess> {
  // Bare specifiers ('ai') resolve from the package's folder, as in an app that installed both.
  const cwd = dirname(dirname(packageEntry));
  const run = (source: string) => async () => {
    const start = now();
    await execFileAsync(process.execPath, ['--input-type=module', '-e', source], { cwd });
    return now() - start;
  };
  const times = await timeAlternately(
    pairs,
    run(coldScript("import { generateText } from 'ai';", tools)),
    run(
      coldScript(
        `import { generateText } from ${JSON.stringify(pathToFileURL(packageEntry).href)};`,
        tools,
      ),
    ),
  );
  const plainMs = median(times.first);
  const oursMs = median(times.second);
  return { tools, plain_ms: plainMs, ours_ms: oursMs, ratio: plainMs > 0 ? oursMs / plainMs : 0 };
}

/** One cold request: `generate` imports a `generateText`; the rest is the same for both runs. */
function coldScript(generate: string, tools: number): string {
  return `${generate}
import { jsonSchema, tool } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
const tools = {};
for (let index = 0; index < ${tools}; index++) {
  const name = 'service_' + (index % 20) + '__action_' + index;
  tools[name] = tool({
    description: 'Runs action ' + index + ' of service ' + (index % 20) + ' on a record.',
    inputSchema: jsonSchema({
      type: 'object',
      properties: { record_id: { type: 'string', description: 'The record.' }, limit: { type: 'integer' } },
      required: ['record_id'],
    }),
    execute: async () => 'done',
  });
}
const model = new MockLanguageModelV4({
  doGenerate: async () => ({
    content: [{ type: 'text', text: 'ok' }],
    finishReason: { unified: 'stop', raw: 'stop' },
    usage: {
      inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
      outputTokens: { total: 1, text: 1, reasoning: 0 },
    },
    warnings: [],
  }),
});
const result = await generateText({ model, tools, prompt: 'Say ok.' });
if (result.text !== 'ok') throw new Error('unexpected answer: ' + result.text);
`;
}
