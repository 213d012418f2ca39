import { NEAR_MISS_METHOD, NEAR_MISS_SEED } from '../eval/build-near-miss-corpus.js';
import type { RetrievalMetricName } from '../eval/retrieval-gates.js';
import { markdownColumns, renderMarkdownTable } from '../report/markdown-table.js';
import {
  GATE_DATA_SETS,
  type GateDataSet,
  MCP_SERVERS_CORPUS,
  NO_KEY_GATES,
} from './gate-data-sets.js';
import { describeSkippedRows } from './load-eval-corpus-file.js';
import {
  type GatesRow,
  type GatesVariant,
  METRIC_LABELS,
  renderClasses,
  renderGatesTable,
  renderNearMissVariants,
  timingCells,
} from './render-gates-table.js';
import { type McpServerRow, renderMcpServersSection } from './render-mcp-servers-section.js';

/**
 * The page `gates --docs FILE` writes: every table, the MCP servers set (`mcpServers`, the
 * servers its file records), the near-miss method, the gates, the cross-validation section
 * `eval --cross-validate --docs` wrote (`crossValidation`, kept as it was) and the timings.
 */
export function renderGatesDocs(
  rows: readonly GatesRow[],
  variants: readonly GatesVariant[],
  result: readonly string[],
  seconds: number,
  mcpServers: readonly McpServerRow[] = [],
  crossValidation?: string,
): string {
  const mcpDataSet = GATE_DATA_SETS.find((dataSet) => dataSet.file === MCP_SERVERS_CORPUS);
  const mcpSection =
    mcpDataSet === undefined ? [] : renderMcpServersSection(mcpDataSet, mcpServers, rows);
  const ownFalseEmpties = GATE_DATA_SETS.filter((dataSet) => dataSet.falseEmpties === 'reported');
  const classes = renderClasses(rows);
  const skipped = variants.flatMap(({ dataSet, corpus }) => {
    const warning = describeSkippedRows(corpus);
    return warning === undefined ? [] : [`- \`${dataSet.file}\`: ${warning}.`];
  });
  return `${[
    '# Retrieval quality',
    '',
    'Every ranker on the public benchmark sets (the folder `gates --shared DIR` reads), with the metrics of',
    '`tool-disclosure eval`. `default` is the Orama ranker; `legacy`, `keyword` and `bm25` are the',
    'baselines the gates compare it with; any other ranker (such as `hybrid`) is shown for comparison only.',
    'CI runs the same command after the tests and fails when a gate is missed.',
    'Regenerate this page with:',
    '',
    '```sh',
    'npm run build && node tooling/dist/cli/main.js gates --shared DIR --docs docs/retrieval.md',
    '```',
    '',
    'Metrics are deterministic: only the timings section at the end changes between reruns.',
    '',
    '## Quality',
    '',
    'The padded IronClaw sets run the `default` ranker only; every other set runs every ranker.',
    '`false-empty` counts the answerable queries (those with at least one judged tool) that got no',
    'result at all, and `FE rate` is their share of the answerable queries: a search that answers',
    '"nothing" while a judged tool exists. `near-miss no-match` is the no-match accuracy on the set\'s',
    `near-miss variant (below, seed ${NEAR_MISS_SEED}). These three columns are reported, not gated`,
    "(but for the `default` and `vectors` rankers' false empties). A no-match request counts as answered when it",
    'gets no match: no result, or only results marked weak, which `tool_search` tells the model',
    'probably do not fit (`eval --json` also reports `no_match_empty_accuracy`, no result at all).',
    '"Own paraphrases" are 24 requests over the own corpus\'s tools worded in words the tools do not',
    'use (`corpus/paraphrase-intents.json`; `eval --corpus paraphrase-intents --catalog judged-corpus`),',
    'kept apart from the judged corpus so its figures stay comparable.',
    '"MCP servers" are requests as people write them to a chat over the tools real MCP servers publish',
    '(below).',
    '',
    ...renderGatesTable(rows, { timings: false }),
    '',
    ...(mcpSection.length === 0 ? [] : [...mcpSection, '']),
    '## Near-miss variants',
    '',
    'A set\'s own `no_match` queries are usually far from every tool ("order a pizza" against a',
    'developer catalog). The near-miss variant asks instead for something that was in the catalog a',
    'moment ago: it takes the judged tools of some answerable queries out of the catalog and expects',
    `no result for those queries. \`buildNearMissCorpus\` (in \`@tool-disclosure/tooling/eval\`) builds it, and`,
    '`tool-disclosure eval --corpus FILE --near-miss SEED` scores it; this page uses seed',
    `${NEAR_MISS_SEED}. The method (\`${NEAR_MISS_METHOD.split(':')[0]}\`):`,
    '',
    '1. The answerable queries are shuffled with the seeded PRNG (`createSeededRandom`, mulberry32).',
    '2. In that order a query is picked while fewer than min(100, max(5, 10% of the answerable',
    '   queries)) are, if removing its judged tools keeps the removed tools at most max(5, 10% of the',
    '   tools any query judges), so that most answerable queries keep their answers, and if none of',
    '   its judged tools has a near-duplicate that stays in the catalog.',
    '   Two tools are near-duplicates when their normalized local names are equal (the part after',
    '   the last `__` or `.`, lower-cased, without `_`, `-` and spaces) or when the sets of words of',
    '   their descriptions have a Jaccard similarity of 0.8 or more. With a near-duplicate left, a',
    '   result would be right and "nothing" would not.',
    '3. The judged tools of the picked queries leave the catalog; the picked queries become',
    '   `no_match` queries with no judged tool. Queries whose judged tools all stay are kept as they',
    '   are (their false empties count as usual); queries that lost a judged tool without being',
    "   picked are dropped, and so are the set's own `no_match` queries, so that the variant's",
    '   no-match accuracy is the near-miss accuracy alone.',
    '',
    'The padded IronClaw rows pad the variant of the IronClaw set to 1,000 and 10,000 tools.',
    '',
    ...renderNearMissVariants(variants),
    '',
    ...(skipped.length === 0
      ? []
      : [
          '## Skipped rows',
          '',
          'Invalid tool and query rows are skipped when a corpus is read (`eval --strict` refuses them):',
          '',
          ...skipped,
          '',
        ]),
    `## ${classes.title}`,
    '',
    ...classes.table,
    '',
    '## Gates',
    '',
    'Checked on the `default` ranker:',
    '',
    ...GATE_DATA_SETS.map((dataSet) => `- ${dataSet.label}: ${describeGates(dataSet)}.`),
    '',
    `On every set but ${ownFalseEmpties.map((dataSet) => dataSet.label).join(' and ')} (whose false empties are reported only, or gated by the set's own FE rate above) the \`default\` ranker (which reads a request that shares no word with any tool ` +
      'through the word vectors) and `vectors` (the same, its table read up front) each answer at most ' +
      `${(NO_KEY_GATES.maxFalseEmptyRate ?? 0) * 100}% of the answerable queries with nothing.`,
    '',
    ...result,
    '',
    ...(crossValidation === undefined ? [] : [crossValidation.trimEnd(), '']),
    '## Timings',
    '',
    'Milliseconds on the machine that last ran the command; printed, never gated. The whole',
    `command, near-miss variants included, took ${seconds.toFixed(0)} s there.`,
    '',
    ...renderMarkdownTable(
      markdownColumns(['data set', 'ranker', 'tools', 'build ms', 'p50 ms', 'p99 ms'], 2),
      rows.map(({ dataSet, report }) => [
        dataSet.label,
        report.ranker,
        String(report.tool_count),
        ...timingCells(report),
      ]),
      { padded: true },
    ),
  ].join('\n')}\n`;
}

function describeGates({ gates, lead }: GateDataSet): string {
  const minimum = ([metric, value]: [string, number]) =>
    `${METRIC_LABELS[metric as RetrievalMetricName]} ${value === 1 ? '=' : '≥'} ${value}`;
  const parts = Object.entries(gates.metrics ?? {}).map(minimum);
  const { except = [], ...classMinimums } = gates.classes ?? {};
  const classParts = Object.entries(classMinimums).map(minimum);
  if (classParts.length > 0) {
    const but = except.length === 0 ? '' : ` but ${except.join(', ')}`;
    parts.push(`every class${but} ${classParts.join(' and ')}`);
  }
  if (lead.length > 0) {
    parts.push(`above every baseline on ${lead.map((metric) => METRIC_LABELS[metric]).join(', ')}`);
  }
  if (gates.maxFalseEmptyRate !== undefined) {
    parts.push(`FE rate ≤ ${gates.maxFalseEmptyRate}`);
  }
  return parts.length === 0 ? 'reported only, no gate' : parts.join(', ');
}
