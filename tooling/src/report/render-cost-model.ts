import type { BenchReport } from '../bench/bench-report.js';
import type { CostModelRow } from '../bench/measure-cost-model.js';
import { formatCount } from './format-count.js';
import { formatRatio } from './format-ratio.js';
import { renderMarkdownTable } from './markdown-table.js';
import { renderSvgLineChart } from './svg-line-chart.js';

/** The file name of the cost model's chart under one pricing profile. */
export function costChartFileName(profile: string): string {
  return `cost-by-steps-${profile.toLowerCase().replace(/[^a-z0-9_-]+/g, '-')}.svg`;
}

/** Our arms; every other arm is a peer. */
const ourArms = new Set(['namespaces', 'promote']);

function costProfiles(rows: readonly CostModelRow[]): string[] {
  return [...new Set(rows.map((row) => row.pricing))];
}

function costArms(rows: readonly CostModelRow[]): string[] {
  return [...new Set(rows.map((row) => row.arm))];
}

/** The cost model: billed input per arm under each profile, and the tokens behind it. */
export function renderCostSection(report: BenchReport): string[] {
  const rows = report.cost_model ?? [];
  if (rows.length === 0) return [];
  const arms = costArms(rows);
  const runs = [
    ...new Map(rows.map((row) => [`${row.tools}:${row.steps}`, row] as const)).values(),
  ].sort((left, right) => left.tools - right.tools || left.steps - right.steps);
  const find = (arm: string, tools: number, steps: number, pricing: string) =>
    rows.find(
      (row) =>
        row.arm === arm && row.tools === tools && row.steps === steps && row.pricing === pricing,
    );
  const lines = [
    '',
    '## Cost over long runs',
    '',
    'Scripted runs of the given number of model calls; every tool answers 1–2 KB of JSON. Billed input is in base-input token-equivalents: the prefix each request shares with the previous one at the cache-read rate, the rest at the cache-write rate. "ours ÷ best peer" divides `namespaces` by the cheapest arm that is not ours.',
  ];
  for (const profile of costProfiles(rows)) {
    const multipliers = report.cost_model_pricing?.[profile];
    lines.push(
      '',
      `### Pricing \`${profile}\`${multipliers === undefined ? '' : ` (cache read ${multipliers.cache_read}x, cache write ${multipliers.cache_write}x)`}`,
      '',
      ...renderMarkdownTable(
        [
          { header: 'tools', align: 'right' },
          { header: 'steps', align: 'right' },
          ...arms.map((arm) => ({ header: arm, align: 'right' as const })),
          { header: 'cheapest' },
          { header: 'ours ÷ best peer', align: 'right' },
        ],
        runs.map(({ tools, steps }) => {
          const billed = arms.map((arm) => find(arm, tools, steps, profile)?.billed_input);
          const measured = arms.flatMap((arm, index) => {
            const value = billed[index];
            return value === undefined ? [] : [{ arm, value }];
          });
          const cheapest = measured.reduce<{ arm: string; value: number } | undefined>(
            (best, entry) => (best === undefined || entry.value < best.value ? entry : best),
            undefined,
          );
          const peers = measured.filter((entry) => !ourArms.has(entry.arm));
          const bestPeer = Math.min(...peers.map((entry) => entry.value));
          const ours = measured.find((entry) => entry.arm === 'namespaces')?.value;
          return [
            formatCount(tools),
            String(steps),
            ...billed.map((value) => (value === undefined ? 'n/a' : formatCount(value))),
            cheapest?.arm ?? 'n/a',
            ours === undefined || !Number.isFinite(bestPeer) || bestPeer <= 0
              ? 'n/a'
              : formatRatio(ours / bestPeer),
          ];
        }),
      ),
    );
  }
  const firstProfile = costProfiles(rows)[0] as string;
  lines.push(
    '',
    '### Input and cached tokens per run',
    '',
    ...renderMarkdownTable(
      [
        { header: 'tools', align: 'right' },
        { header: 'steps', align: 'right' },
        { header: 'arm' },
        { header: 'input tokens', align: 'right' },
        { header: 'cached (shared prefix)', align: 'right' },
        { header: 'cached share', align: 'right' },
      ],
      runs.flatMap(({ tools, steps }) =>
        arms.flatMap((arm) => {
          const row = find(arm, tools, steps, firstProfile);
          return row === undefined
            ? []
            : [
                [
                  formatCount(tools),
                  String(steps),
                  arm,
                  formatCount(row.input_tokens),
                  formatCount(row.cached_tokens),
                  row.input_tokens > 0
                    ? `${((100 * row.cached_tokens) / row.input_tokens).toFixed(1)}%`
                    : 'n/a',
                ],
              ];
        }),
      ),
    ),
  );
  return lines;
}

/** One chart per pricing profile: billed input against run length, per arm and catalog size. */
export function renderCostCharts(report: BenchReport): { fileName: string; svg: string }[] {
  const rows = report.cost_model ?? [];
  const sizes = [...new Set(rows.map((row) => row.tools))].sort((left, right) => left - right);
  return costProfiles(rows).map((profile) => ({
    fileName: costChartFileName(profile),
    svg: renderSvgLineChart({
      title: `Billed input over a run, pricing ${profile}`,
      xLabel: 'model calls in the run (log scale)',
      yLabel: 'billed input, token-equivalents (log scale)',
      series: costArms(rows).flatMap((arm) =>
        sizes.map((tools) => ({
          name: `${arm}, ${formatCount(tools)} tools`,
          points: rows
            .filter((row) => row.arm === arm && row.tools === tools && row.pricing === profile)
            .map((row) => ({ x: row.steps, y: row.billed_input })),
        })),
      ),
    }),
  }));
}
