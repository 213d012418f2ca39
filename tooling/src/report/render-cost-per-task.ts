import type { BenchReport } from '../bench/bench-report.js';
import type { CostPerTaskRow } from '../bench/measure-cost-per-task.js';
import { formatCount } from './format-count.js';
import { renderMarkdownTable } from './markdown-table.js';
import { renderSvgLineChart } from './svg-line-chart.js';

/** The file name of the retrieval-driven cost model's chart under one pricing profile. */
export function costPerTaskChartFileName(profile: string): string {
  return `cost-per-task-${profile.toLowerCase().replace(/[^a-z0-9_-]+/g, '-')}.svg`;
}

/** Our arm and the peer it is set against. */
const ours = 'namespaces';
const peer = 'ai_tool_search';

/**
 * The retrieval-driven cost model as Markdown: tasks completed and searches
 * per set, size and arm, then billed input per completed task per profile.
 */
export function renderCostPerTaskSection(report: BenchReport): string[] {
  const rows = report.cost_per_task ?? [];
  if (rows.length === 0) return [];
  const arms = distinct(rows.map((row) => row.arm));
  const first = rows[0] as CostPerTaskRow;
  // Completion and searches do not depend on the conversation length, cache or profile.
  const completion = rows.filter(
    (row) =>
      row.requests === first.requests && row.cache === first.cache && row.pricing === first.pricing,
  );
  const lines = [
    '',
    '## Cost per completed task (retrieval-driven)',
    '',
    "Every request of each judged set, in the set's order, in conversations of 1, 5 or 20 requests (history carried). The scripted agent searches with the request's own words through each arm's own search, calls a judged tool of grade 2 or 3 only if the results show one, else searches once more with a shorter wording, else gives up; `full` sends every tool and needs no search, so it completes every task by construction. Requests with no such tool (no match) are run and billed but counted apart. Searches and billed input are divided by the tasks completed; `warm` counts the first request's tool definitions as already in the provider's cache.",
    '',
    '### Tasks completed',
    '',
    ...renderMarkdownTable(
      [
        { header: 'set' },
        { header: 'tools', align: 'right' },
        { header: 'arm' },
        { header: 'tasks', align: 'right' },
        { header: 'no match', align: 'right' },
        { header: 'completed', align: 'right' },
        { header: 'searches per completed task', align: 'right' },
      ],
      completion.map((row) => [
        row.set,
        formatCount(row.tools),
        row.arm,
        formatCount(row.tasks),
        formatCount(row.no_match),
        `${formatCount(row.completed)} (${row.tasks === 0 ? 'n/a' : `${((100 * row.completed) / row.tasks).toFixed(1)}%`})`,
        row.searches === null ? 'n/a' : row.searches.toFixed(2),
      ]),
    ),
  ];
  const runs = [
    ...new Map(
      rows.map((row) => [`${row.set}:${row.tools}:${row.requests}:${row.cache}`, row] as const),
    ).values(),
  ];
  for (const profile of distinct(rows.map((row) => row.pricing))) {
    const multipliers = report.cost_model_pricing?.[profile];
    const find = (run: CostPerTaskRow, arm: string) =>
      rows.find(
        (row) =>
          row.set === run.set &&
          row.tools === run.tools &&
          row.requests === run.requests &&
          row.cache === run.cache &&
          row.pricing === profile &&
          row.arm === arm,
      )?.billed_input ?? null;
    lines.push(
      '',
      `### Billed input per completed task, pricing \`${profile}\`${multipliers === undefined ? '' : ` (cache read ${multipliers.cache_read}x, cache write ${multipliers.cache_write}x)`}`,
      '',
      ...renderMarkdownTable(
        [
          { header: 'set' },
          { header: 'tools', align: 'right' },
          { header: 'requests', align: 'right' },
          { header: 'cache' },
          ...arms.map((arm) => ({ header: arm, align: 'right' as const })),
          { header: 'cheapest' },
          { header: `${ours} ÷ ${peer}`, align: 'right' },
        ],
        runs.map((run) => {
          const billed = arms.map((arm) => find(run, arm));
          let cheapest: string | undefined;
          let lowest = Number.POSITIVE_INFINITY;
          for (const [index, value] of billed.entries()) {
            if (value !== null && value < lowest) {
              lowest = value;
              cheapest = arms[index];
            }
          }
          const ourValue = find(run, ours);
          const peerValue = find(run, peer);
          return [
            run.set,
            formatCount(run.tools),
            String(run.requests),
            run.cache,
            ...billed.map((value) => (value === null ? 'n/a' : formatCount(value))),
            cheapest ?? 'n/a',
            ourValue === null || peerValue === null || peerValue <= 0
              ? 'n/a'
              : `${(ourValue / peerValue).toFixed(2)}x`,
          ];
        }),
      ),
    );
  }
  return lines;
}

/**
 * One chart per pricing profile: billed input per completed task against
 * the conversation's length, per arm, size and cache state, over every judged
 * set together (each set's billed input weighted by its completed tasks).
 */
export function renderCostPerTaskCharts(report: BenchReport): { fileName: string; svg: string }[] {
  const rows = report.cost_per_task ?? [];
  const sizes = distinct(rows.map((row) => row.tools)).sort((left, right) => left - right);
  return distinct(rows.map((row) => row.pricing)).map((profile) => ({
    fileName: costPerTaskChartFileName(profile),
    svg: renderSvgLineChart({
      title: `Billed input per completed task, pricing ${profile}`,
      xLabel: 'requests in the conversation (log scale)',
      yLabel: 'token-equivalents per completed task (log scale)',
      // Names such as "ai_tool_search, 10,000 tools, warm" need more room than the default legend.
      width: 960,
      legendWidth: 300,
      series: distinct(rows.map((row) => row.arm)).flatMap((arm) =>
        sizes.flatMap((tools) =>
          (['cold', 'warm'] as const).map((cache) => {
            const selected = rows.filter(
              (row) =>
                row.arm === arm &&
                row.tools === tools &&
                row.cache === cache &&
                row.pricing === profile,
            );
            return {
              name: `${arm}, ${formatCount(tools)} tools, ${cache}`,
              points: distinct(selected.map((row) => row.requests)).flatMap((requests) => {
                const pooled = pooledBilledInput(
                  selected.filter((row) => row.requests === requests),
                );
                return pooled === undefined ? [] : [{ x: requests, y: pooled }];
              }),
            };
          }),
        ),
      ),
    }),
  }));
}

/** Billed input per completed task over several sets' rows: their totals summed. */
export function pooledBilledInput(rows: readonly CostPerTaskRow[]): number | undefined {
  let billed = 0;
  let completed = 0;
  for (const row of rows) {
    if (row.billed_input === null) continue;
    billed += row.billed_input * row.completed;
    completed += row.completed;
  }
  return completed === 0 ? undefined : billed / completed;
}

function distinct<VALUE>(values: readonly VALUE[]): VALUE[] {
  return [...new Set(values)];
}
