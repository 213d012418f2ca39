import type { CatalogEntry } from '../catalog/catalog-entry.js';
import type { WordVectors } from '../vectors/word-vectors.js';
import { createScoreBuffers } from './add-scores.js';
import { splitRequest, withoutQuotedValues } from './clean-request.js';
import type { CountedPostings } from './count-postings.js';
import { createAdjacentPairScoring } from './create-adjacent-pair-scoring.js';
import { createDocumentTerms } from './create-document-terms.js';
import type { FieldIndex } from './create-field-index.js';
import type { FieldTermNumbers, NumberedRuns } from './create-field-term-numbering.js';
import { createIdentifierLookup, type IdentifierLookup } from './create-identifier-lookup.js';
import {
  createRequestScorer,
  NEEDS_WORD_VECTORS,
  type NearestWords,
  type ScoredRequest,
} from './create-request-scorer.js';
import { createScoreTablePool } from './create-score-table-pool.js';
import { createTermInfo } from './create-term-info.js';
import { createTermPairs } from './create-term-pairs.js';
import { createTermPostings } from './create-term-postings.js';
import { createTermSets } from './create-term-sets.js';
import { createWordForms } from './create-word-forms.js';
import { nearestCatalogWords } from './nearest-catalog-words.js';
import type { RankedTool, SearchIndex } from './ranker.js';
import type { RankingParameters } from './ranking-parameters.js';
import { requestKindBoosts } from './request-boosts.js';
import type { ScoreTable } from './score-table.js';
import { selectTopPositions } from './select-top-positions.js';
import { TOOL_FIELDS, type ToolField } from './tool-field-terms.js';

type Field = ToolField;
/** In this order the field index sums scores and Orama lays out its schema. */
const fields: readonly Field[] = TOOL_FIELDS;
/** The fields that name a tool: a request's words found there count once more. */
const nameFields: readonly Field[] = ['name', 'alias'];

/** What the default ranker's options make of its parameters, synonyms, relevance floor and word vectors. */
export interface RankerSettings {
  /** `RANKING_PARAMETERS` with the ranker's overrides, its relevance floor included. */
  readonly parameters: RankingParameters;
  /** The synonyms of each term: the parameters' groups and the ranker's own. */
  readonly related: ReadonlyMap<string, readonly string[]>;
  /** Its word vectors, or `undefined` where there are none; none without it. */
  readonly loadWordVectors: (() => Promise<WordVectors | undefined>) | undefined;
}

/**
 * The search index over `entries` (sorted by canonical id) and their field
 * index: everything else is derived from the field index's documents, so a
 * loaded index ranks exactly as a built one.
 */
export function searchIndexOf(
  entries: readonly CatalogEntry[],
  fieldIndex: FieldIndex,
  { parameters, related: synonymsOf, loadWordVectors }: RankerSettings,
  // Each document's terms by field, numbered, as its field index text holds them: a loaded index
  // numbers its saved texts, so it ranks exactly as a built one.
  numbered: FieldTermNumbers,
  // Each term's documents, counted in each field, as the field index scores them.
  postings: CountedPostings,
): SearchIndex {
  // Tools are numbered by position in `entries`, which is canonical id order and the field
  // index's insertion order (internal id = position + 1): comparing numbers compares ids. The
  // identifiers are mapped on the first request that could be one: most catalogs have no
  // identifier with white space in it, and a request with some (most) is then none. Lowering
  // neither adds nor removes white space; a wire name has none (`[a-zA-Z0-9_-]`), nor has a
  // namespace or local name (the catalog makes each safe), so nor an id (`namespace.local_name`)
  // or encoded id: only a key other than the wire name can.
  let identifiers: IdentifierLookup | undefined;
  const identifiedBy = (request: string) => {
    identifiers ??= createIdentifierLookup(entries);
    return identifiers(request.toLowerCase());
  };
  const spacedIdentifiers = entries.some(
    ({ key, wireName }) => key !== wireName && whiteSpace.test(key),
  );
  const runsOf = (field: Field) => numbered.fields[fields.indexOf(field)] as NumberedRuns;
  const namespaceTerms = new Set<string>();
  const namespaceTermNumbers = runsOf('namespace').values;
  for (let slot = 0; slot < namespaceTermNumbers.length; slot++) {
    namespaceTerms.add(numbered.terms[namespaceTermNumbers[slot] as number] as string);
  }
  // What a tool does, whatever the service: the set of its local name's terms, numbered. Only a
  // request naming a capability compares them, and only for the tools it scored: each is read
  // when needed.
  const operations = new Int32Array(entries.length).fill(-1);
  const operationNumbers = new Map<string, number>();
  const names = runsOf('name');
  const operationOf = (position: number): number => {
    let operation = operations[position] as number;
    if (operation < 0) {
      const terms = new Set<string>();
      for (
        let slot = names.starts[position] as number;
        slot < (names.starts[position + 1] as number);
        slot++
      ) {
        terms.add(numbered.terms[names.values[slot] as number] as string);
      }
      const key = [...terms].sort().join(' ');
      operation = operationNumbers.get(key) ?? operationNumbers.size;
      operationNumbers.set(key, operation);
      operations[position] = operation;
    }
    return operation;
  };
  const documentTerms = createDocumentTerms(numbered, postings, parameters.bm25, entries.length);
  const noEvidence: ReadonlySet<string> = new Set(parameters.noEvidence);
  const { termNumber } = documentTerms;
  // The name fields' numbers, document by document.
  const nameRuns = nameFields.map(runsOf);
  let nameCount = 0;
  for (const { values } of nameRuns) nameCount += values.length;
  const nameNumbers = new Int32Array(nameCount);
  const nameStarts = new Int32Array(entries.length + 1);
  for (let position = 0, end = 0; position < entries.length; position++) {
    for (const { values, starts } of nameRuns) {
      for (let slot = starts[position] as number; slot < (starts[position + 1] as number); slot++) {
        nameNumbers[end++] = values[slot] as number;
      }
    }
    nameStarts[position + 1] = end;
  }
  const nameTerms = createTermSets(nameNumbers, nameStarts);
  // Which terms each tool has side by side in one of its fields, articles left out as a
  // request's are ("book a flight" has "book flight").
  const termPairs = createTermPairs(
    numbered.fields,
    entries.length,
    numbered.terms.length,
    new Set([...noEvidence].map(termNumber).filter((number) => number >= 0)),
  );
  // Each tool's namespace, numbered.
  const namespaceOf = new Int32Array(entries.length);
  const namespaceNumbers = new Map<string, number>();
  for (let position = 0; position < entries.length; position++) {
    const { namespace } = entries[position] as CatalogEntry;
    const number = namespaceNumbers.get(namespace) ?? namespaceNumbers.size;
    namespaceNumbers.set(namespace, number);
    namespaceOf[position] = number;
  }
  // The catalog's words nearest to a word no tool uses: the table is read by the first request
  // that needs them, so a request that shares a word with the catalog never reads it.
  let nearest: Promise<NearestWords | undefined> | undefined;
  const nearestWords = (load: () => Promise<WordVectors | undefined>) => {
    nearest ??= load().then((wordVectors) =>
      wordVectors === undefined
        ? undefined
        : nearestCatalogWords(wordVectors, documentTerms, parameters),
    );
    return nearest;
  };
  // Known: a word of the catalog or of a synonym group. Nearest words do not make a word known:
  // an unknown capitalised word is still a name, and run-together words still no compound.
  const isKnown = (term: string) =>
    documentTerms.documentFrequency(term) > 0 || synonymsOf.has(term);
  const idfOf = (frequency: number) => Math.log(1 + (entries.length + 1) / (frequency + 0.5));
  const idf = (term: string) => idfOf(documentTerms.documentFrequency(term));
  // A word no tool uses, but whose synonyms some do ("reimburse" for "refund"), weighs as
  // its most common synonym, not as a word the catalog does not know at all.
  const weightOf = (term: string) => {
    const frequency = documentTerms.documentFrequency(term);
    if (frequency > 0) return idfOf(frequency);
    const used = (synonymsOf.get(term) ?? []).filter(
      (other) => documentTerms.documentFrequency(other) > 0,
    );
    return used.length === 0 ? idf(term) : Math.min(...used.map(idf));
  };

  // The weight of a word no tool uses and no synonym bridges.
  const unknownWeight = weightOf('');

  const wordForms = createWordForms(entries);

  // Score tables of requests answered, for the next.
  const tables = createScoreTablePool(entries.length, maxFreeTables);
  const { identifierFirst, clauseSplitting, maxClauses, clauseWeight } = parameters;
  const { quotedValues } = parameters.requestCleaning;
  const release = (
    scores: ScoreTable,
    strongClauses: ScoreTable | undefined,
    onlyFromClauses: ScoreTable | undefined,
  ) => {
    tables.release(scores);
    if (strongClauses !== undefined) tables.release(strongClauses);
    if (onlyFromClauses !== undefined) tables.release(onlyFromClauses);
  };
  const termInfo = createTermInfo({
    termNumber,
    documentFrequency: documentTerms.documentFrequency,
    weightOf,
    synonymsOf,
  });
  const scoreRequest = createRequestScorer({
    documentTerms,
    termInfo,
    isKnown,
    unknownWeight,
    hasWordVectors: loadWordVectors !== undefined,
    parameters,
    boosts: requestKindBoosts(parameters),
    noEvidence,
    buffers: createScoreBuffers(entries.length, parameters.candidatePool),
    // A term's scores depend on the index alone: computed once per weight, on first use.
    termPostings: createTermPostings({
      fieldIndex,
      documentTerms,
      fields,
      documentBoost: parameters.documentBoost,
      nameFields,
    }),
    nameTerms,
    adjacentPairScoring: createAdjacentPairScoring({
      termInfo,
      termPairs,
      termCount: numbered.terms.length,
      leftOut: noEvidence,
      phraseWeight: parameters.phraseWeight,
    }),
    wordForms,
    namespaceTerms,
    namespaceOf,
    operationOf,
    newTable: () => tables.take(),
  });
  // Without a table, a request that needs one is scored by its words alone: it finds nothing.
  const withWordVectors = async (text: string, limit: number) =>
    scoreRequest(
      text,
      limit,
      await nearestWords(loadWordVectors as () => Promise<WordVectors | undefined>),
      false,
    ) as ScoredRequest;

  return {
    async search(query, limit) {
      const trimmed = query.trim();
      // White space is what `trim` removes, and lowering a request neither adds nor removes any.
      const exact =
        identifierFirst && (spacedIdentifiers || !whiteSpace.test(trimmed))
          ? identifiedBy(trimmed)
          : noPositions;
      const request = quotedValues ? withoutQuotedValues(query) : query;
      // A clause said twice ranks the same tools twice: each distinct clause is scored once, and
      // only the first `maxClauses` are (a request of more has had its say by then, and each
      // clause is another scoring: a request of a hundred short sentences would cost a hundred).
      const split = clauseSplitting ? splitRequest(request) : [request];
      const parts = split.length > 1 ? [...new Set(split)].slice(0, maxClauses) : split;
      // A request that needs the word-vector table is answered `NEEDS_WORD_VECTORS`, and read
      // again with it: every other request is scored without waiting on anything.
      let scored = scoreRequest(request, limit);
      const whole = scored === NEEDS_WORD_VECTORS ? await withWordVectors(request, limit) : scored;
      const { scores } = whole;
      // A tool is strong evidence when some scoring that passed the relevance floor found it:
      // the whole request (every tool it scored, unless it was weak), a clause, or its name.
      // Tables from the pool hold these sets of positions: a set per request grew with every
      // tool a clause scored.
      let strongClauses: ScoreTable | undefined;
      let onlyFromClauses: ScoreTable | undefined;
      if (parts.length > 1) {
        strongClauses = tables.take();
        onlyFromClauses = tables.take();
        // A compound request ("do X. Also do Y") is also ranked clause by clause, so the tool
        // for each clause can reach the top even when the other clause dominates the whole.
        const top = scores.top();
        for (let index = scores.size - 1; index >= 0; index--) {
          const position = scores.positionAt(index);
          scores.set(position, scores.scoreOf(position) / top);
        }
        for (let index = 0; index < parts.length; index++) {
          const part = parts[index] as string;
          scored = scoreRequest(part, limit, undefined, whole.bridged);
          const clause =
            scored === NEEDS_WORD_VECTORS ? await withWordVectors(part, limit) : scored;
          const clauseScores = clause.scores;
          const partTop = clauseScores.top();
          for (let index = clauseScores.size - 1; index >= 0; index--) {
            const position = clauseScores.positionAt(index);
            const wholeScore = scores.get(position);
            if (wholeScore === undefined) onlyFromClauses.set(position, 1);
            scores.set(
              position,
              Math.max(wholeScore ?? 0, (clauseWeight * clauseScores.scoreOf(position)) / partTop),
            );
            if (!clause.weak) strongClauses.set(position, 1);
          }
          tables.release(clauseScores);
        }
      }
      if (scores.size === 0 && exact.length === 0) {
        release(scores, strongClauses, onlyFromClauses);
        return [];
      }
      // An exact identifier ranks first, above every scored match.
      const top = scores.top();
      for (let index = 0; index < exact.length; index++) {
        const position = exact[index] as number;
        scores.set(position, top + 1 + (scores.get(position) ?? 0));
      }
      const ranked: RankedTool[] = [];
      const best = selectTopPositions(scores, limit);
      for (let index = 0; index < best.length; index++) {
        const position = best[index] as number;
        const score = scores.scoreOf(position);
        const entry = entries[position] as CatalogEntry;
        const strong =
          (!whole.weak && onlyFromClauses?.has(position) !== true) ||
          strongClauses?.has(position) === true ||
          exact.includes(position);
        ranked.push(strong ? { entry, score } : { entry, score, weak: true });
      }
      release(scores, strongClauses, onlyFromClauses);
      return ranked;
    },
  };
}

const noPositions: readonly number[] = [];

/** White space, as `String.prototype.trim` takes it. */
const whiteSpace = /\s/;

/** Free score tables an index keeps for its next requests. */
const maxFreeTables = 4;
