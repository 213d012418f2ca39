import { describe, expect, it } from 'vitest';
import type { RankerCrossValidationReport } from '../eval/cross-validate-ranker.js';
import {
  renderAblationTable,
  renderChoiceTable,
  renderFoldTable,
  renderRechosenTable,
  renderSensitivityTable,
} from './render-cross-validation.js';

const score = (ndcg_at_10: number, no_match_accuracy: number | null = null) => ({
  ndcg_at_10,
  recall_at_5: ndcg_at_10 + 0.05,
  mrr: ndcg_at_10 - 0.05,
  false_empty_rate: 0,
  no_match_accuracy,
});

/** Two sets, one signal that pays and one that goes once chosen again without it. */
const report: RankerCrossValidationReport = {
  folds: [
    {
      set: 'Alpha',
      queries: 10,
      in_fold: score(0.6),
      out_of_fold: score(0.5),
      defaults: score(0.55),
      chosen_parameters: { phraseWeight: 2 },
    },
    {
      set: 'Beta',
      queries: 20,
      in_fold: score(0.8, 1),
      out_of_fold: score(0.7, 1),
      defaults: score(0.75, 1),
      chosen_parameters: {},
    },
  ],
  mean_out_of_fold: { ndcg_at_10: 0.6, recall_at_5: 0.65, mrr: 0.55, false_empty_rate: 0 },
  mean_in_fold: { ndcg_at_10: 0.7, recall_at_5: 0.75, mrr: 0.65, false_empty_rate: 0 },
  mean_defaults: { ndcg_at_10: 0.65, recall_at_5: 0.7, mrr: 0.6, false_empty_rate: 0 },
  chosen_parameters: { phraseWeight: 2 },
  ablations: [
    {
      signal: 'adjacent pairs',
      switched_off: { phraseWeight: 0 },
      out_of_fold: [
        { set: 'Alpha', ...score(0.45) },
        { set: 'Beta', ...score(0.7, 1) },
      ],
      mean_ndcg_at_10_change: -0.025,
      mean_no_match_change: 0,
      mean_false_empty_change: 0,
      pays_switched_off: true,
      pays: true,
    },
    {
      signal: 'name share',
      switched_off: { nameShareWeight: 0 },
      out_of_fold: [
        { set: 'Alpha', ...score(0.5) },
        { set: 'Beta', ...score(0.71, 1) },
      ],
      mean_ndcg_at_10_change: 0.005,
      mean_no_match_change: 0,
      mean_false_empty_change: 0,
      pays_switched_off: false,
      rechosen: {
        out_of_fold: [
          { set: 'Alpha', ...score(0.502) },
          { set: 'Beta', ...score(0.7, 1) },
        ],
        mean_ndcg_at_10_change: 0.001,
        pays: false,
      },
      pays: false,
    },
  ],
  sensitivity: [
    {
      name: 'phraseWeight',
      start: 4,
      values: [
        { value: 0, ndcg_at_10: 0.6 },
        { value: 4, ndcg_at_10: 0.65 },
      ],
    },
  ],
  method: {
    budget: 200,
    max_drop: 0.01,
    min_gain: 0.0001,
    max_step_drop: 0,
    max_passes: 3,
    coordinates: 1,
    candidates_per_pass: 4,
  },
};

/** A markdown table row's cells, trimmed. */
const cells = (row: string | undefined) =>
  (row ?? '')
    .split('|')
    .slice(1, -1)
    .map((cell) => cell.trim());

describe('the cross-validation tables', () => {
  it('gives each set today, in fold and out of fold, and their means', () => {
    const table = renderFoldTable(report);
    expect(table[0]).toMatch(
      /^\| held-out set \| queries \| NDCG@10 today \| NDCG@10 in \| NDCG@10 out \|/,
    );
    expect(table[2]).toMatch(/^\| Alpha +\| +10 \| +0\.5500 \| +0\.6000 \| +0\.5000 \|/);
    expect(table.at(-1)).toMatch(/^\| mean +\| +\| +0\.6500 \| +0\.7000 \| +0\.6000 \|/);
  });

  it('names the parameters each choice moved', () => {
    const table = renderChoiceTable(report);
    expect(table[2]).toMatch(/^\| every set but Alpha +\| phraseWeight = 2 +\|$/);
    expect(table[3]).toMatch(/^\| every set but Beta +\| none \(today's\) +\|$/);
    expect(table[4]).toMatch(/^\| every set \(in fold\) +\| phraseWeight = 2 +\|$/);
  });

  it('gives each signal its change per set, whether it pays, chosen again, and its verdict', () => {
    const table = renderAblationTable(report);
    expect(cells(table[0])).toEqual([
      'signal',
      'switched off by',
      'mean',
      'Alpha',
      'Beta',
      'no-match',
      'FE',
      'pays',
      'chosen again without',
      'verdict',
    ]);
    expect(cells(table[2])).toEqual([
      'adjacent pairs',
      'phraseWeight = 0',
      '-0.0250',
      '-0.0500',
      '0',
      '0',
      '0',
      'yes',
      '-',
      'stays',
    ]);
    expect(cells(table[3])).toEqual([
      'name share',
      'nameShareWeight = 0',
      '+0.0050',
      '0',
      '+0.0100',
      '0',
      '0',
      'no',
      '+0.0010',
      '**goes**',
    ]);
  });

  it('gives each set of a signal chosen again without it, and only those signals', () => {
    const table = renderRechosenTable(report);
    expect(table).toHaveLength(3);
    expect(table[2]).toMatch(/^\| name share \| \+0\.0010 \| \+0\.0020 \| +0 \|$/);
  });

  it("bolds today's value of each parameter moved alone", () => {
    expect(renderSensitivityTable(report)[2]).toMatch(
      /^\| phraseWeight \| 0: 0\.6000, \*\*4: 0\.6500\*\* +\| +\+0\.0500 \|$/,
    );
  });
});
