import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import type { NamespaceDeclaration, ToolDefinition } from 'tool-disclosure/catalog';
import { summarizePairedTimes } from './summarize-paired-times.js';
import { timeAlternately } from './time-alternately.js';

const execFileAsync = promisify(execFile);

/** What the cold process's model searches for: the judged corpus's clock tool answers it. */
export const COLD_SEARCH_PROCESS_QUERY = 'current time in a time zone';

/** One row of `cold_search_process` in `bench --json`. */
export interface ColdSearchProcess {
  tools: number;
  /** Median wall milliseconds of a whole process: start, import, build the tools, one searching request, exit. */
  ours_ms: number;
  /** The same process through `ai`'s `generateText` with `toolSearch()` and `deferLoading` on every tool. */
  tool_search_ms: number;
  /** Median over alternated pairs of (ours ÷ `toolSearch()`'s). */
  ratio: number;
}

/** Runs `script` as an ES module in a fresh process from `cwd`; resolves to its wall milliseconds. */
export type RunProcess = (script: string, cwd: string) => Promise<number>;

export interface MeasureColdSearchProcessOptions {
  /** The built package's root entry (`dist/index.js`). */
  packageEntry: string;
  /** The catalog each process builds its AI SDK tools from. */
  definitions: readonly ToolDefinition[];
  /** Namespace descriptions for our wrapper. @default {} */
  namespaces?: Record<string, NamespaceDeclaration>;
  /** What the scripted model searches for; the search must find a tool. @default COLD_SEARCH_PROCESS_QUERY */
  query?: string;
  /** Pairs of processes, alternating which goes first. @default 7 */
  pairs?: number;
  /** Runs one process. @default a Node.js child process, timed from spawn to exit */
  runProcess?: RunProcess;
}

/**
 * A cold serverless request that searches, measured as the whole process: a
 * fresh Node.js process imports its `generateText`, reads the catalog's
 * definitions from a file and makes AI SDK tools of them, runs one request of
 * a scripted `MockLanguageModelV4` that calls `tool_search` once and answers
 * with how many tools it found, and exits; ours in `namespaces` mode, the
 * AI SDK's with `toolSearch()` and `deferLoading` on every tool. A process
 * whose search found nothing exits with an error, which throws here, so a
 * broken surface never reports a plausible number. Processes alternate in
 * pairs; the definitions file is removed afterwards.
 *
 * @example
 * const row = await measureColdSearchProcess({ packageEntry: 'dist/index.js', definitions });
 */
export async function measureColdSearchProcess({
  packageEntry,
  definitions,
  namespaces = {},
  query = COLD_SEARCH_PROCESS_QUERY,
  pairs = 7,
  runProcess = runFreshProcess,
}: MeasureColdSearchProcessOptions): Promise<ColdSearchProcess> {
  // Bare specifiers ('ai') resolve from the package's folder, as in an app that installed both.
  const cwd = dirname(dirname(packageEntry));
  const folder = await mkdtemp(join(tmpdir(), 'tool-disclosure-cold-search-'));
  try {
    const catalogFile = join(folder, 'catalog.json');
    await writeFile(catalogFile, JSON.stringify({ definitions, namespaces, query }));
    const ours = coldSearchScript('ours', catalogFile, pathToFileURL(packageEntry).href);
    const toolSearch = coldSearchScript('tool_search', catalogFile, 'ai');
    const times = await timeAlternately(
      pairs,
      () => runProcess(ours, cwd),
      () => runProcess(toolSearch, cwd),
    );
    const summary = summarizePairedTimes(times.first, times.second);
    return {
      tools: definitions.length,
      ours_ms: summary.first_ms,
      tool_search_ms: summary.second_ms,
      ratio: summary.ratio,
    };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

async function runFreshProcess(script: string, cwd: string): Promise<number> {
  const start = performance.now();
  await execFileAsync(process.execPath, ['--input-type=module', '-e', script], { cwd });
  return performance.now() - start;
}

/**
 * The script of one cold process. Both arms build the same tools the same way
 * and differ only in the `generateText` they import and what they pass it.
 */
export function coldSearchScript(
  arm: 'ours' | 'tool_search',
  catalogFile: string,
  generateTextFrom: string,
): string {
  const ours = arm === 'ours';
  return `import { generateText } from ${JSON.stringify(generateTextFrom)};
import { readFileSync } from 'node:fs';
import { isStepCount, jsonSchema, tool${ours ? '' : ', toolSearch'} } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
const { definitions, namespaces, query } = JSON.parse(readFileSync(${JSON.stringify(catalogFile)}, 'utf8'));
const tools = {};
${ours ? '' : 'tools.tool_search = toolSearch();\n'}for (const definition of definitions) {
  Object.defineProperty(tools, definition.name, {
    value: tool({
      description: definition.description ?? '',
      inputSchema: jsonSchema(definition.parameters ?? { type: 'object', properties: {} }),
      execute: async () => ({ ok: true }),
      metadata: { aliases: definition.aliases ?? [], tags: definition.tags ?? [] },${ours ? '' : '\n      deferLoading: true,'}
    }),
    enumerable: true,
    writable: true,
    configurable: true,
  });
}
const usage = {
  inputTokens: { total: 0, noCache: 0, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 0, text: 0, reasoning: undefined },
};
function found(prompt) {
  for (const message of prompt) {
    if (message.role !== 'tool') continue;
    for (const part of message.content) {
      if (part.type !== 'tool-result' || part.toolName !== 'tool_search') continue;
      const value = 'value' in part.output ? part.output.value : undefined;
      const record = value ?? {};
      return Array.isArray(record.results) ? record.results.length : Array.isArray(record.tools) ? record.tools.length : 0;
    }
  }
  return undefined;
}
const model = new MockLanguageModelV4({
  doGenerate: async ({ prompt }) => {
    const count = found(prompt);
    return count === undefined
      ? {
          content: [{ type: 'tool-call', toolCallId: 'call_1', toolName: 'tool_search', input: JSON.stringify({ query }) }],
          finishReason: { unified: 'tool-calls', raw: undefined },
          usage,
          warnings: [],
        }
      : { content: [{ type: 'text', text: 'found ' + count }], finishReason: { unified: 'stop', raw: 'stop' }, usage, warnings: [] };
  },
});
const result = await generateText({
  model,
  tools,
  prompt: 'Find a clock tool.',
  stopWhen: isStepCount(3),${ours ? "\n  toolDisclosure: { mode: 'namespaces', namespaces, environment: {}, onWarning: () => {} }," : ''}
});
if (!result.text.startsWith('found ') || result.text === 'found 0') {
  throw new Error('the cold search process through ${arm} found no tool: ' + result.text);
}
`;
}
