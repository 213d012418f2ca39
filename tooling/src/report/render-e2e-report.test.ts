import { describe, expect, it } from 'vitest';
import type { E2eAggregate, E2eReport } from './e2e-report.js';
import { COMPLETION_BY_ARM_CHART, renderE2eReport } from './render-e2e-report.js';
import { expectWellFormedSvg } from './svg-well-formedness.case.js';

const noFailures = {
  retrieval_miss: 0,
  invalid_arguments: 0,
  authorization_denied: 0,
  approval_blocked: 0,
  provider_error: 0,
  task_incomplete: 0,
};

function row(arm: string, toolCount: number, overrides: Partial<E2eAggregate> = {}): E2eAggregate {
  return {
    arm,
    tool_count: toolCount,
    observations: 28,
    completion_rate: 1,
    correct_tool_recall_rate: 1,
    unauthorized_tool_leaks: 0,
    model_turns: { median: 3, worst: 4, spread: 2 },
    discovery_turns: { median: 1, worst: 2, spread: 1 },
    tokens_input: null,
    latency_end_to_end_ms: null,
    failures: noFailures,
    ...overrides,
  };
}

const scripted: E2eReport = {
  schema_version: 2,
  header: {
    generated_by: 'tool-disclosure e2e',
    model: { provider: 'scripted', model: 'scripted', temperature: null },
    note: 'Scripted reference agent: shows protocol shape, not model behaviour.',
    arms: ['off', 'namespaces'],
    sizes: [100, 1000],
    repetitions: 3,
  },
  observations: [{}, {}],
  aggregate: [
    row('off', 100),
    row('off', 1000, {
      completion_rate: 0.857_142_857,
      correct_tool_recall_rate: 0.9,
      failures: { ...noFailures, retrieval_miss: 3, task_incomplete: 1 },
    }),
    row('namespaces', 100),
    row('namespaces', 1000, { model_turns: { median: 3.5, worst: 5, spread: 2.25 } }),
  ],
};

describe('renderE2eReport', () => {
  it('renders the header note, outcomes, turns and failures; null tokens are "not measured"', () => {
    expect(renderE2eReport(scripted).markdown).toMatchInlineSnapshot(`
      "# tool-disclosure e2e

      Model: scripted reference agent. Arms: off, namespaces. Sizes: 100, 1,000. Repetitions: 3 (2 observations).

      > Scripted reference agent: shows protocol shape, not model behaviour.

      ## Outcomes per arm and catalog size

      | arm | tools | runs | completed | correct tool recalled | unauthorized leaks |
      |---|---:|---:|---:|---:|---:|
      | off | 100 | 28 | 100.0% | 100.0% | 0 |
      | off | 1,000 | 28 | 85.7% | 90.0% | 0 |
      | namespaces | 100 | 28 | 100.0% | 100.0% | 0 |
      | namespaces | 1,000 | 28 | 100.0% | 100.0% | 0 |

      ## Turns, tokens and latency (median / worst / spread)

      | arm | tools | model turns | discovery turns | input tokens | end-to-end ms |
      |---|---:|---:|---:|---:|---:|
      | off | 100 | 3 / 4 / 2 | 1 / 2 / 1 | not measured | not measured |
      | off | 1,000 | 3 / 4 / 2 | 1 / 2 / 1 | not measured | not measured |
      | namespaces | 100 | 3 / 4 / 2 | 1 / 2 / 1 | not measured | not measured |
      | namespaces | 1,000 | 3.5 / 5 / 2.3 | 1 / 2 / 1 | not measured | not measured |

      ## Failures by kind

      | arm | tools | retrieval miss | invalid arguments | authorization denied | approval blocked | provider error | task incomplete |
      |---|---:|---:|---:|---:|---:|---:|---:|
      | off | 100 | 0 | 0 | 0 | 0 | 0 | 0 |
      | off | 1,000 | 3 | 0 | 0 | 0 | 0 | 1 |
      | namespaces | 100 | 0 | 0 | 0 | 0 | 0 | 0 |
      | namespaces | 1,000 | 0 | 0 | 0 | 0 | 0 | 0 |

      ## Rollout gates

      | gate | tools | status | evidence |
      |---|---:|---|---|
      | complete signatures cut discovery turns without more invalid calls (signatures vs compact) | 100 | not measured | scripted reference agent: its turns follow from the script, not a model |
      | no arm completes fewer tasks than off | 100 | not measured | scripted reference agent: its turns follow from the script, not a model |
      | complete signatures cut discovery turns without more invalid calls (signatures vs compact) | 1,000 | not measured | scripted reference agent: its turns follow from the script, not a model |
      | no arm completes fewer tasks than off | 1,000 | not measured | scripted reference agent: its turns follow from the script, not a model |
      "
    `);
  });

  it('charts completion per arm grouped by size, titled as the scripted reference agent', () => {
    const { charts } = renderE2eReport(scripted);
    expect(charts.map((chart) => chart.fileName)).toEqual([COMPLETION_BY_ARM_CHART]);
    const svg = charts[0]?.svg as string;
    expectWellFormedSvg(svg);
    expect(svg).toContain('<title>Task completion per arm (scripted reference agent)</title>');
    expect(svg).toContain('>86%</text>');
    expect(svg).toContain('>1,000 tools</text>');
    expect(renderE2eReport(structuredClone(scripted)).charts[0]?.svg).toBe(svg);
  });

  it('names a real model, shows measured tokens and latency, and omits an empty note', () => {
    const measured: E2eReport = {
      ...scripted,
      header: {
        ...scripted.header,
        model: { provider: 'openai', model: 'gpt-4.1-mini', temperature: 0 },
        note: null,
      },
      aggregate: [
        row('namespaces', 100, {
          tokens_input: { median: 1520, worst: 2210.5, spread: 690.5 },
          latency_end_to_end_ms: { median: 812, worst: 1403, spread: 591 },
        }),
      ],
    };
    const { markdown, charts } = renderE2eReport(measured);
    expect(markdown).toContain('Model: openai:gpt-4.1-mini, temperature 0.');
    expect(markdown).not.toContain('> ');
    expect(markdown).toContain(
      '| namespaces | 100 | 3 / 4 / 2 | 1 / 2 / 1 | 1,520 / 2,211 / 690.5 | 812 / 1,403 / 591 |',
    );
    expect(charts[0]?.svg).toContain(
      '<title>Task completion per arm (openai:gpt-4.1-mini)</title>',
    );
    expect(charts[0]?.svg).not.toContain('Protocol shape');
    // Only namespaces ran: neither gate has the arms it compares.
    expect(markdown).toContain(
      '| no arm completes fewer tasks than off | 100 | not measured | needs the off arm and at least one other |',
    );
  });

  it('renders the rollout gates of a real model as pass or fail per size', () => {
    const measured: E2eReport = {
      ...scripted,
      header: { ...scripted.header, model: { provider: 'openai', model: 'gpt', temperature: 0 } },
      aggregate: [
        row('off', 100),
        row('compact', 100, { discovery_turns: { median: 2, worst: 4, spread: 3 } }),
        row('signatures', 100, { completion_rate: 0.75 }),
      ],
    };
    const { markdown } = renderE2eReport(measured);
    expect(markdown).toContain(
      '| complete signatures cut discovery turns without more invalid calls (signatures vs compact) | 100 | pass | median discovery turns 1 (compact 2); invalid-argument failures 0 (compact 0) |',
    );
    expect(markdown).toContain(
      '| no arm completes fewer tasks than off | 100 | fail | lowest completion 75.0% (signatures); off 100.0% |',
    );
  });
});
