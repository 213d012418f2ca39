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
  {
    label: 'ToolRet API-Bank',
    file: 'toolret_subsets/apibank.json',
    allRankers: true,
    gates: REPORTED_ONLY,
    lead: [],
  },
  {
    label: 'ToolRet Gorilla HF',
    file: 'toolret_subsets/gorilla_huggingface.json',
    allRankers: true,
    gates: REPORTED_ONLY,
    lead: [],
  },
  {
    label: 'ToolRet ToolLink',
    file: 'toolret_subsets/toolink.json',
    allRankers: true,
    gates: REPORTED_ONLY,
    lead: [],
  },
  {
    label: 'MetaTool ToolE single',
    file: 'metatool_toole/toole_single.json',
    allRankers: true,
    gates: REPORTED_ONLY,
    lead: [],
  },
  {
    label: 'MetaTool ToolE multi',
    file: 'metatool_toole/toole_multi.json',
    allRankers: true,
    gates: REPORTED_ONLY,
    lead: [],
  },
  {
    label: 'Own judged corpus',
    file: 'judged-corpus',
    bundled: true,
    allRankers: true,
    gates: REPORTED_ONLY,
    lead: [],
  },
  {
    label: 'Own paraphrases',
    file: 'paraphrase-intents',
    bundled: true,
    catalog: 'judged-corpus',
    falseEmpties: 'reported',
    allRankers: true,
    gates: REPORTED_ONLY,
    lead: [],
  },
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
