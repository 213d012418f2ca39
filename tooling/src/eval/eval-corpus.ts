import type { ToolDefinition } from 'tool-disclosure/catalog';

/** A relevance grade: 1 (acceptable) to 3 (the best answer). */
export type RelevanceGrade = 1 | 2 | 3;

/** One judged search intent: a query and how relevant each tool is to it. */
export interface EvalIntent {
  /** The query's id in its source file, or its position when the file gives none. */
  id: string;
  /** The intent class (`exact_name`, `no_match`, …); `default` when the source has none. */
  class: string;
  query: string;
  /**
   * Judged tools keyed by their `name` in `tools` (their wire name), graded 1 to 3.
   * Empty for a `no_match` intent, whose right answer is no result at all.
   */
  relevance: Record<string, RelevanceGrade>;
}

/** Rows of a corpus file left out because they are invalid on their own. */
export interface SkippedEvalRows {
  tools: number;
  /** Invalid queries, and queries whose judged tools were all skipped. */
  queries: number;
  /** The first few reasons, such as `tools[636] needs a non-empty string "name"`. */
  reasons: string[];
}

/** A judged retrieval corpus: tool definitions and intents graded against them. */
export interface EvalCorpus {
  /** A short name, such as the file's base name. */
  name: string;
  tools: ToolDefinition[];
  /** Namespace descriptions, shown in the catalog header. */
  namespaces: Record<string, string>;
  intents: EvalIntent[];
  /** What the loader left out; absent when the corpus was not read from a file's JSON. */
  skipped?: SkippedEvalRows;
}
