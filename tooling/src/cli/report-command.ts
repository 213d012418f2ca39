import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { parseReport } from '../report/parse-report.js';
import { renderBenchReport } from '../report/render-bench-report.js';
import { renderE2eReport } from '../report/render-e2e-report.js';
import { type CliCommand, defineCommand } from './define-command.js';
import { readJsonFile } from './read-json-file.js';

export const REPORT_USAGE = `Usage: tool-disclosure report FILE [--out-dir DIR]

Renders a report for people. FILE is recognised by its shape:
  bench  the output of 'tool-disclosure bench --json': Markdown tables of tokens per size and mode
         (with the reduction against the full catalog), the AI SDK's toolSearch() against ours,
         overhead, cold start and search latency, billed input by run length per pricing
         profile (cost_model), and tasks completed and billed input per completed task per judged
         set (cost_per_task); charts tokens-by-size.svg, cost-by-steps-PROFILE.svg and
         cost-per-task-PROFILE.svg
  e2e    a schema_version 2 report of 'tool-disclosure e2e --out': outcomes, turns, tokens and
         latency ("not measured" when null), failures by kind per arm and size, and the rollout
         gates per size (signatures cut discovery turns without more invalid calls; no arm
         completes fewer tasks than off), "not measured" for the scripted agent; chart
         completion-by-arm.svg
The Markdown goes to stdout, the SVG charts into DIR (default: the directory of FILE).`;

/** `tool-disclosure report`: a bench or e2e JSON as Markdown on stdout and SVG charts on disk. */
export const reportCommand: CliCommand = defineCommand(
  { usage: REPORT_USAGE, options: { 'out-dir': { type: 'string' } }, positionals: 1 },
  async ({ values, positionals, usageError }, io) => {
    const [path] = positionals;
    if (path === undefined) throw usageError('report needs a FILE');
    const parsed = parseReport(await readJsonFile(path, 'report file'), path);
    const rendered =
      parsed.kind === 'bench' ? renderBenchReport(parsed.report) : renderE2eReport(parsed.report);
    const outDir = values['out-dir'] ?? dirname(path);
    await mkdir(outDir, { recursive: true });
    for (const chart of rendered.charts) {
      const chartPath = join(outDir, chart.fileName);
      await writeFile(chartPath, chart.svg);
      io.stderr(`report: wrote ${chartPath}\n`);
    }
    io.stdout(rendered.markdown);
    return 0;
  },
);
