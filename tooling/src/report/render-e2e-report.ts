import { E2E_FAILURE_KINDS } from '../e2e/e2e-observation.js';
import { computeE2eRolloutGates, type E2eRolloutGateName } from './compute-e2e-rollout-gates.js';
import type { E2eReport, E2eSpread } from './e2e-report.js';
import { formatCount } from './format-count.js';
import { renderMarkdownTable } from './markdown-table.js';
import type { RenderedReport } from './rendered-report.js';
import { renderSvgBarChart } from './svg-bar-chart.js';

/** The file name of the e2e chart of task completion per arm, grouped by catalog size. */
export const COMPLETION_BY_ARM_CHART = 'completion-by-arm.svg';

/** What each rollout gate asks, as the report names it. */
const gateLabels: Record<E2eRolloutGateName, string> = {
  signatures_cut_discovery:
    'complete signatures cut discovery turns without more invalid calls (signatures vs compact)',
  no_completion_drop: 'no arm completes fewer tasks than off',
};

/**
 * Renders an e2e report as Markdown (the header and its note, outcomes, turns,
 * tokens and latency, failures by kind per arm and size, the rollout gates per
 * size) and a bar chart of task
 * completion per arm. A `scripted` report's chart is titled as the reference
 * agent's: it shows protocol shape, not model behaviour.
 */
export function renderE2eReport(report: E2eReport): RenderedReport {
  const { header, aggregate } = report;
  const scripted = header.model.provider === 'scripted';
  const modelName = scripted ? 'scripted reference agent' : modelLabel(header.model);
  const temperature =
    header.model.temperature === null ? '' : `, temperature ${header.model.temperature}`;
  const key = (row: E2eReport['aggregate'][number]) => [row.arm, formatCount(row.tool_count)];
  const lines = [
    '# tool-disclosure e2e',
    '',
    `Model: ${modelName}${temperature}. Arms: ${header.arms.join(', ')}. Sizes: ${header.sizes.map(formatCount).join(', ')}. Repetitions: ${header.repetitions} (${formatCount(report.observations.length)} observations).`,
    '',
    ...(header.note === null || header.note === '' ? [] : [`> ${header.note}`, '']),
    '## Outcomes per arm and catalog size',
    '',
    ...renderMarkdownTable(
      [
        { header: 'arm' },
        { header: 'tools', align: 'right' },
        { header: 'runs', align: 'right' },
        { header: 'completed', align: 'right' },
        { header: 'correct tool recalled', align: 'right' },
        { header: 'unauthorized leaks', align: 'right' },
      ],
      aggregate.map((row) => [
        ...key(row),
        String(row.observations),
        percent(row.completion_rate),
        percent(row.correct_tool_recall_rate),
        String(row.unauthorized_tool_leaks),
      ]),
    ),
    '',
    '## Turns, tokens and latency (median / worst / spread)',
    '',
    ...renderMarkdownTable(
      [
        { header: 'arm' },
        { header: 'tools', align: 'right' },
        { header: 'model turns', align: 'right' },
        { header: 'discovery turns', align: 'right' },
        { header: 'input tokens', align: 'right' },
        { header: 'end-to-end ms', align: 'right' },
      ],
      aggregate.map((row) => [
        ...key(row),
        spread(row.model_turns),
        spread(row.discovery_turns),
        spread(row.tokens_input),
        spread(row.latency_end_to_end_ms),
      ]),
    ),
    '',
    '## Failures by kind',
    '',
    ...renderMarkdownTable(
      [
        { header: 'arm' },
        { header: 'tools', align: 'right' },
        ...E2E_FAILURE_KINDS.map((kind) => ({
          header: kind.replaceAll('_', ' '),
          align: 'right' as const,
        })),
      ],
      aggregate.map((row) => [
        ...key(row),
        ...E2E_FAILURE_KINDS.map((kind) => String(row.failures[kind] ?? 0)),
      ]),
    ),
    '',
    '## Rollout gates',
    '',
    ...renderMarkdownTable(
      [
        { header: 'gate' },
        { header: 'tools', align: 'right' },
        { header: 'status' },
        { header: 'evidence' },
      ],
      computeE2eRolloutGates(report).map((gate) => [
        gateLabels[gate.gate],
        formatCount(gate.tool_count),
        gate.status,
        gate.evidence,
      ]),
    ),
  ];

  const arms = unique([...header.arms, ...aggregate.map((row) => row.arm)]);
  const sizes = unique([...aggregate.map((row) => row.tool_count)]).sort(
    (left, right) => left - right,
  );
  const completion = (arm: string, size: number) => {
    const row = aggregate.find((entry) => entry.arm === arm && entry.tool_count === size);
    return row === undefined ? null : row.completion_rate;
  };
  const svg = renderSvgBarChart({
    title: `Task completion per arm (${modelName})`,
    subtitle: scripted ? 'Protocol shape, not model behaviour' : '',
    xLabel: 'disclosure arm',
    yLabel: 'tasks completed',
    seriesNames: sizes.map((size) => `${formatCount(size)} tools`),
    groups: arms.map((arm) => ({
      label: arm,
      values: sizes.map((size) => completion(arm, size)),
    })),
    yMax: 1,
    formatValue: (value) => `${Math.round(value * 100)}%`,
  });
  return {
    markdown: `${lines.join('\n')}\n`,
    charts: [{ fileName: COMPLETION_BY_ARM_CHART, svg }],
  };
}

function modelLabel({ provider, model }: { provider: string; model: string }): string {
  return model === '' || model === provider ? provider : `${provider}:${model}`;
}

function percent(rate: number): string {
  return Number.isFinite(rate) ? `${(rate * 100).toFixed(1)}%` : 'n/a';
}

function spread(value: E2eSpread | null): string {
  if (value === null) return 'not measured';
  return [value.median, value.worst, value.spread].map(formatMeasure).join(' / ');
}

/** Whole numbers and values of 1,000 or more as counts, others with one decimal. */
function formatMeasure(value: number): string {
  return Number.isInteger(value) || Math.abs(value) >= 1000 ? formatCount(value) : value.toFixed(1);
}

function unique<VALUE>(values: readonly VALUE[]): VALUE[] {
  return [...new Set(values)];
}
