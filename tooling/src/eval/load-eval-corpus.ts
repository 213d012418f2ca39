import { readFile } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { isRecord } from 'tool-disclosure/util';
import type { EvalCorpus, SkippedEvalRows } from './eval-corpus.js';
import { InvalidEvalCorpusError } from './invalid-eval-corpus-error.js';
import { parseIronClawCorpus } from './parse-iron-claw-corpus.js';
import { parseUnifiedCorpus } from './parse-unified-corpus.js';
import { InvalidRowError } from './reject-row.js';

/** How strictly a corpus file is read. */
export interface ParseEvalCorpusOptions {
  /**
   * Refuse the whole corpus at its first invalid tool or query row, instead of
   * skipping the row and counting it in `skipped`. A file of the wrong shape is
   * refused either way. @default false
   */
  strict?: boolean;
}

/** How many reasons for skipped rows a corpus keeps. */
const keptReasonCount = 10;

/**
 * Reads a judged corpus file in the IronClaw or the unified benchmark format.
 * A missing file, malformed JSON or an unknown shape is an `InvalidEvalCorpusError`;
 * invalid tool and query rows are skipped (see `parseEvalCorpus`) unless `strict`.
 *
 * @example
 * const corpus = await loadEvalCorpus('corpus/judged-corpus.json');
 */
export async function loadEvalCorpus(
  path: string,
  name = basename(path, extname(path)),
  options: ParseEvalCorpusOptions = {},
): Promise<EvalCorpus> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new InvalidEvalCorpusError({
      corpus: path,
      reason: code === 'ENOENT' ? 'no such file' : `cannot read the file (${code ?? error})`,
      problem: 'unreadable',
      cause: error,
    });
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new InvalidEvalCorpusError({
      corpus: path,
      reason: `not valid JSON (${(error as Error).message})`,
      problem: 'invalid-json',
      cause: error,
    });
  }
  return parseCorpus(data, name, path, options);
}

/**
 * Converts parsed corpus JSON to an `EvalCorpus`. Accepts the IronClaw format
 * (`tools` and `intents`, relevance keyed by tool name) and the unified format
 * of the shared benchmarks (`tools` with ids and `queries`, relevance keyed by
 * tool id). Unified tools get unique wire names and canonical ids derived from
 * their names; their parameters are converted to JSON Schema. Grades above 3
 * count as 3; grades of 0 or less are dropped.
 *
 * Real data sets have odd rows (a tool with an empty name), so an invalid tool
 * or query row is skipped and counted in `skipped`; judgments of skipped tools
 * are dropped, and a query left with none of its judged tools is skipped too.
 * With `strict` the first invalid row refuses the corpus instead. A file of the
 * wrong shape, or one whose every tool or query row is invalid, is always refused.
 *
 * @example
 * parseEvalCorpus({ tools: [{ name: 'time' }], intents: [{ class: 'exact_name', query: 'time', relevance: { time: 3 } }] }, 'tiny');
 */
export function parseEvalCorpus(
  data: unknown,
  name: string,
  options: ParseEvalCorpusOptions = {},
): EvalCorpus {
  return parseCorpus(data, name, name, options);
}

function parseCorpus(
  data: unknown,
  name: string,
  label: string,
  { strict = false }: ParseEvalCorpusOptions,
): EvalCorpus {
  const fail = (reason: string): never => {
    throw new InvalidEvalCorpusError({ corpus: label, reason });
  };
  if (!isRecord(data)) return fail(`found ${describeValue(data)} instead of an object`);
  if (!Array.isArray(data.tools)) {
    const keys = Object.keys(data);
    const found =
      keys.length === 0
        ? 'it is an empty object'
        : `its keys are ${keys.slice(0, 8).join(', ')}${keys.length > 8 ? ', …' : ''}`;
    return fail(`"tools" must be an array, and this file has none (${found}): it is not a corpus`);
  }
  const skipped: SkippedEvalRows = { tools: 0, queries: 0, reasons: [] };
  /** Parses each row; an invalid one refuses the corpus in strict mode and is counted otherwise. */
  const parseRows = <ROW>(
    rows: readonly unknown[],
    kind: 'tools' | 'queries',
    parseRow: (row: unknown, index: number) => ROW,
  ): ROW[] => {
    const parsed: ROW[] = [];
    let firstReason: string | undefined;
    for (const [index, row] of rows.entries()) {
      try {
        parsed.push(parseRow(row, index));
      } catch (error) {
        if (!(error instanceof InvalidRowError)) throw error;
        if (strict) fail(error.message);
        firstReason ??= error.message;
        skipped[kind]++;
        if (skipped.reasons.length < keptReasonCount) skipped.reasons.push(error.message);
      }
    }
    if (parsed.length === 0 && firstReason !== undefined) {
      fail(
        `every ${kind === 'tools' ? 'tool' : 'query'} row is invalid (the first: ${firstReason})`,
      );
    }
    return parsed;
  };
  let corpus: Omit<EvalCorpus, 'skipped'>;
  if (Array.isArray(data.intents)) corpus = parseIronClawCorpus(data, name, fail, parseRows);
  else if (Array.isArray(data.queries)) corpus = parseUnifiedCorpus(data, name, fail, parseRows);
  else return fail('it has neither an "intents" array (IronClaw format) nor a "queries" array');
  return { ...corpus, skipped };
}

function describeValue(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  return value === null ? 'null' : typeof value;
}
