import {
  APIGEN_GATES,
  BASELINE_LEAD_METRICS,
  IRONCLAW_GATES,
  JUDGED_CORPUS_LEAD_METRICS,
  MCP_SERVERS_GATES,
  PADDED_1000_GATES,
  PADDED_10000_GATES,
  type RetrievalGates,
  type RetrievalMetricName,
  TOOLLENS_GATES,
  TOOLLENS_LEAD_METRICS,
} from '../eval/retrieval-gates.js';
import { RANKER_ORDER } from './ranker-names.js';

/** One row group of the table: a benchmark file, maybe padded, and the gates of its default run. */
export interface GateDataSet {
  label: string;
  /** Relative to DIR/benchmarks, or the name of a corpus bundled with the package. */
  file: string;
  bundled?: boolean;
  /** A bundled corpus whose tools (and namespaces) are the catalog, `file` holding intents only. */
  catalog?: string;
  /**
   * Whether the no-key rankers' false empties are gated (`NO_KEY_GATES`) or only reported, as on a
   * set made of requests in words no tool uses; `gates` may still bound the default ranker's.
   * @default 'gated'
   */
  falseEmpties?: 'gated' | 'reported';
  distractors?: number;
  /** Run every ranker, or only the default one. */
  allRankers: boolean;
  gates: RetrievalGates;
  /** Metrics on which the default ranker must beat every baseline. */
  lead: readonly RetrievalMetricName[];
}

const ironclaw = 'ironclaw/tool_search_relevance.json';

/** The bundled judged set over real MCP servers' tools, by the name the CLI accepts. */
export const MCP_SERVERS_CORPUS = 'mcp-servers';

/** No gate: the set's figures are reported only. */
const REPORTED_ONLY: RetrievalGates = Object.freeze({});

/**
 * A set whose figures every ranker reports and no gate checks (but the no-key rankers' false
 * empties, unless `falseEmpties: 'reported'`): one line adds a set to the gates' table and to
 * the cross-validation (`CROSS_VALIDATION_SETS`).
 */
function reportedOnly(
  label: string,
  file: string,
  more: Pick<GateDataSet, 'bundled' | 'catalog' | 'falseEmpties'> = {},
): GateDataSet {
  return { label, file, ...more, allRankers: true, gates: REPORTED_ONLY, lead: [] };
}

/** The data sets `gates` runs, in the order of the table. */
export const GATE_DATA_SETS: readonly GateDataSet[] = [
  {
    label: 'IronClaw',
    file: ironclaw,
    allRankers: true,
    gates: IRONCLAW_GATES,
    lead: BASELINE_LEAD_METRICS,
  },
  {
    label: 'IronClaw, 1,000 tools',
    file: ironclaw,
    distractors: 1000,
    allRankers: false,
    gates: PADDED_1000_GATES,
    lead: [],
  },
  {
    label: 'IronClaw, 10,000 tools',
    file: ironclaw,
    distractors: 10000,
    allRankers: false,
    gates: PADDED_10000_GATES,
    lead: [],
  },
  {
    label: 'ToolLens test',
    file: 'toollens/toollens_test.json',
    allRankers: true,
    gates: TOOLLENS_GATES,
    lead: TOOLLENS_LEAD_METRICS,
  },
  {
    label: 'ToolRet APIGen',
    file: 'toolret_subsets/apigen.json',
    allRankers: true,
    gates: APIGEN_GATES,
    lead: BASELINE_LEAD_METRICS,
  },
  reportedOnly('ToolRet API-Bank', 'toolret_subsets/apibank.json'),
  reportedOnly('ToolRet Gorilla HF', 'toolret_subsets/gorilla_huggingface.json'),
  reportedOnly('ToolRet ToolLink', 'toolret_subsets/toolink.json'),
  reportedOnly('MetaTool ToolE single', 'metatool_toole/toole_single.json'),
  reportedOnly('MetaTool ToolE multi', 'metatool_toole/toole_multi.json'),
  reportedOnly('Own judged corpus', 'judged-corpus', { bundled: true }),
  reportedOnly('Own paraphrases', 'paraphrase-intents', {
    bundled: true,
    catalog: 'judged-corpus',
    falseEmpties: 'reported',
  }),
  {
    label: 'MCP servers',
    file: MCP_SERVERS_CORPUS,
    bundled: true,
    // Its own false-empty gate (MCP_SERVERS_GATES), at the 2 of 197 measured, not NO_KEY_GATES.
    falseEmpties: 'reported',
    allRankers: true,
    gates: MCP_SERVERS_GATES,
    lead: JUDGED_CORPUS_LEAD_METRICS,
  },
];

/**
 * The sets `eval --cross-validate` holds out in turn: every set `gates` runs but the padded
 * ones, whose queries are IronClaw's (held out with IronClaw's in the training sets, they
 * would leak it). A set added to `GATE_DATA_SETS` is cross-validated too.
 */
export const CROSS_VALIDATION_SETS: readonly GateDataSet[] = GATE_DATA_SETS.filter(
  (dataSet) => dataSet.distractors === undefined,
);

/** The ranker whose gates are checked on every set. */
export const DEFAULT_RANKER = 'default';

/**
 * The rankers without an API key that read a request no tool shares a word
 * with through word vectors (the default, in Node, and `vectors`): on every
 * set each may answer at most this share of the answerable queries with nothing.
 */
export const NO_KEY_RANKERS: readonly string[] = ['default', 'vectors'];
export const NO_KEY_GATES: RetrievalGates = Object.freeze({ maxFalseEmptyRate: 0.005 });

/** The rankers the default one must lead: the baselines after it in `RANKER_ORDER`. */
export const BASELINE_RANKERS: readonly string[] = RANKER_ORDER.slice(1);
