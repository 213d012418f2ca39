import type { RankerCrossValidationReport } from '../eval/cross-validate-ranker.js';
import {
  CROSS_VALIDATION_BEGIN,
  CROSS_VALIDATION_END,
  renderAblationTable,
  renderChoiceTable,
  renderFoldTable,
  renderRechosenTable,
  renderSensitivityTable,
} from './render-cross-validation.js';

/**
 * The generated section of docs/retrieval.md that `eval --cross-validate --docs FILE` writes
 * (and `gates --docs FILE` keeps): the method, the in-fold / out-of-fold table, the choices,
 * the ablation table and each parameter's sensitivity. Apart from the run time, reruns write
 * the same bytes.
 */
export function renderCrossValidationDocs(
  report: RankerCrossValidationReport,
  seconds: number,
): string {
  const { method } = report;
  const precise = (value: number) => value.toFixed(5);
  return `${[
    CROSS_VALIDATION_BEGIN,
    '',
    '## Cross-validation',
    '',
    'Every constant of the default ranker is in `src/search/ranking-parameters.ts`',
    "(`RANKING_PARAMETERS`). Whether today's values were fitted to the sets they are measured on is",
    'measured by leave-one-set-out cross-validation over every set above but the padded IronClaw',
    "ones (their queries are IronClaw's): each set in turn is held out, the parameters are chosen on",
    'the other sets and scored on it (out of fold, "out"); the parameters chosen on every set are',
    'scored on each (in fold, "in"), and so are today\'s ("today"). Regenerate this section with:',
    '',
    '```sh',
    'npm run build && node dist/cli/main.js eval --cross-validate --shared DIR --docs docs/retrieval.md',
    '```',
    '',
    `It took ${seconds.toFixed(0)} s on the machine that last ran it (one process, one core);`,
    'everything else in this section is deterministic.',
    '',
    "How parameters are chosen on a group of sets: a coordinate ascent from today's values over",
    `${method.coordinates} coordinates (\`RANKING_SEARCH_SPACE\` in \`src/eval/ranking-search-space.ts\`: each`,
    "number at today's value and a few values either side, each signal on or off), in order; at each",
    "coordinate every value is tried and the one that raises the mean NDCG@10 over the group's sets",
    `most, by more than ${method.min_gain}, is taken, if it lowers none of those sets below its figure at the`,
    `values reached so far${method.max_step_drop === 0 ? '' : ` by more than ${method.max_step_drop}`} (nor more than ${method.max_drop} below today). Passes repeat while a value moves, at most ${method.max_passes} passes and`,
    `${method.budget} candidates (a pass is ${method.candidates_per_pass}). Every query of every set is read; sets count equally,`,
    'whatever their size; the sets are scored cheapest first and a candidate is refused at the first',
    'set it lowers. The weak floor is not searched: it changes only the weak marks, which NDCG@10 does',
    'not read.',
    '',
    'Why this method, and what looser rules scored out of fold (they chose values that one set',
    "gains by and another loses, and lost to today's values out of fold), is in",
    '[docs/design/cross-validation.md](design/cross-validation.md).',
    '',
    '`FE` is the false-empty rate (answerable queries answered with nothing).',
    '',
    ...renderFoldTable(report),
    '',
    `Mean NDCG@10: today ${precise(report.mean_defaults.ndcg_at_10)}, out of fold ${precise(report.mean_out_of_fold.ndcg_at_10)},`,
    `in fold ${precise(report.mean_in_fold.ndcg_at_10)}. Out of fold is the figure a change to the ranking is measured by:`,
    "a change lands when it raises the mean out-of-fold NDCG@10 and lowers no set's out-of-fold",
    'NDCG@10 by more than 0.01.',
    '',
    "The parameters each choice moved from today's:",
    '',
    ...renderChoiceTable(report),
    '',
    '### Ablations',
    '',
    'Each signal switched off in turn, out of fold: every held-out set scored with the parameters',
    "chosen on the other sets, the signal switched off. Each set's column is its NDCG@10 change;",
    '`mean` their mean; `no-match` the mean change of the no-match accuracy over the sets that have',
    'no-match queries; `FE` the mean change of the false-empty rate. A signal pays when without it',
    `the mean NDCG@10 is lower, or a set's drops by more than ${method.max_drop}, or the no-match accuracy is lower`,
    'or the false-empty rate higher. A signal that does not pay switched off at the values chosen',
    'with it is measured as removing it would be: the whole cross-validation again, every choice made',
    'without it (`chosen again without`: the mean out-of-fold change, by set below). It goes when',
    'that does not pay either, as a ranking change lands (the mean out of fold not lower, no set',
    `more than ${method.max_drop} lower); then it is removed with its code.`,
    '',
    ...renderAblationTable(report),
    ...(report.ablations.some((ablation) => ablation.rechosen !== undefined)
      ? [
          '',
          "Chosen again without the signal, each held-out set's out-of-fold NDCG@10 change:",
          '',
          ...renderRechosenTable(report),
        ]
      : []),
    ...(report.sensitivity.length === 0
      ? []
      : [
          '',
          '### Sensitivity',
          '',
          "Each parameter moved alone from today's values to each value of its grid: the mean NDCG@10",
          "over every set (choice sample) at each. In fold (these sets chose today's values), so what",
          'a value gains here is an upper bound of what it gains out of fold; `today - best other` is',
          'negative where another value scored higher alone.',
          '',
          ...renderSensitivityTable(report),
        ]),
    '',
    CROSS_VALIDATION_END,
  ].join('\n')}\n`;
}
