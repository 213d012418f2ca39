import type { CatalogEntry } from '../catalog/catalog-entry.js';
import type { WordVectors } from '../vectors/word-vectors.js';
import { addScores, createScoreBuffers } from './add-scores.js';
import {
  splitRequest,
  withoutNegatedClauses,
  withoutQuotedValues,
  withoutTimeQualifiers,
  withoutUnknownNames,
} from './clean-request.js';
import { createAdjacentPairScoring } from './create-adjacent-pair-scoring.js';
import { createDocumentTerms } from './create-document-terms.js';
import type { FieldIndex } from './create-field-index.js';
import type { FieldTermNumbers, NumberedRuns } from './create-field-term-numbering.js';
import { maskWord } from './create-term-marker.js';
import { createTermPairs } from './create-term-pairs.js';
import { createTermPostings } from './create-term-postings.js';
import { createTermSets, type TermSets } from './create-term-sets.js';
import { identifierMap } from './identifier-map.js';
import { mergeTermSets } from './merge-term-sets.js';
import { nearestCatalogWords } from './nearest-catalog-words.js';
import { queryTerms } from './query-terms.js';
import { raiseSameOperation } from './raise-same-operation.js';
import type { RankedTool, SearchIndex } from './ranker.js';
import { capabilityBoosts, synonymWeight, taskBoosts } from './request-boosts.js';
import { type ScoreEntries, ScoreTable } from './score-table.js';
import { selectTopScores } from './select-top-scores.js';
import { spreadOverNamespaces } from './spread-over-namespaces.js';
import { TOOL_FIELDS, type ToolField, toolFieldTerms } from './tool-field-terms.js';

type Field = ToolField;
/** In this order the field index sums scores and Orama lays out its schema. */
const fields: readonly Field[] = TOOL_FIELDS;
/** The fields that name a tool: a request's words found there count once more. */
const nameFields: readonly Field[] = ['name', 'alias'];

/** The boost of every field taken together as one text, so document-level term statistics count too. */
const documentBoost = 1;

/** What the default ranker's options make of its synonyms, relevance floor and word vectors. */
export interface RankerSettings {
  readonly related: ReadonlyMap<string, readonly string[]>;
  readonly relevanceFloor: number;
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
  { related: synonymsOf, relevanceFloor, loadWordVectors }: RankerSettings,
  // Each document's terms by field, numbered, as its field index text holds them: a loaded index
  // numbers its saved texts, so it ranks exactly as a built one.
  numbered: FieldTermNumbers,
  fieldSets: readonly TermSets[],
): SearchIndex {
  // Tools are numbered by position in `entries`, which is canonical id order and the field
  // index's insertion order (internal id = position + 1): comparing numbers compares ids.
  const identifiers = identifierMap(entries);
  const runsOf = (field: Field) => numbered.fields[fields.indexOf(field)] as NumberedRuns;
  const namespaceTerms = new Set<string>();
  const namespaceNumbers = runsOf('namespace').values;
  for (let slot = 0; slot < namespaceNumbers.length; slot++) {
    namespaceTerms.add(numbered.terms[namespaceNumbers[slot] as number] as string);
  }
  // What a tool does, whatever the service: the set of its local name's terms. Only a request
  // naming a capability compares them, and only for the tools it scored: each is read when needed.
  const operations: (string | undefined)[] = [];
  const names = runsOf('name');
  const operationOf = (position: number): string => {
    let operation = operations[position];
    if (operation === undefined) {
      const terms = new Set<string>();
      for (
        let slot = names.starts[position] as number;
        slot < (names.starts[position + 1] as number);
        slot++
      ) {
        terms.add(numbered.terms[names.values[slot] as number] as string);
      }
      operation = [...terms].sort().join(' ');
      operations[position] = operation;
    }
    return operation;
  };
  const documentTerms = createDocumentTerms(
    numbered,
    mergeTermSets(fieldSets, entries.length),
    bm25,
  );
  const { termNumber } = documentTerms;
  // The name fields' numbers, document by document.
  const nameNumbers: number[] = [];
  const nameStarts = [0];
  const nameRuns = nameFields.map(runsOf);
  for (let position = 0; position < entries.length; position++) {
    for (const { values, starts } of nameRuns) {
      for (let slot = starts[position] as number; slot < (starts[position + 1] as number); slot++) {
        nameNumbers.push(values[slot] as number);
      }
    }
    nameStarts.push(nameNumbers.length);
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
  const namespaceOf = entries.map((entry) => entry.namespace);
  // The numbers of the terms in a list that some tool uses; those of each term's synonyms, once.
  const usedNumbers = (terms: readonly string[]) =>
    terms.map(termNumber).filter((number) => number >= 0);
  const synonymNumbersOf = new Map<string, readonly number[]>();
  for (const [term, synonyms] of synonymsOf) synonymNumbersOf.set(term, usedNumbers(synonyms));
  // The catalog's words nearest to a word no tool uses: the table is read by the first request
  // that needs them, so a request that shares a word with the catalog never reads it.
  let nearest: Promise<NearestWords | undefined> | undefined;
  const nearestWords = (load: () => Promise<WordVectors | undefined>) => {
    nearest ??= load().then((wordVectors) =>
      wordVectors === undefined ? undefined : nearestCatalogWords(wordVectors, documentTerms),
    );
    return nearest;
  };
  // Known: a word of the catalog or of a synonym group. Nearest words do not make a word known:
  // an unknown capitalised word is still a name, and run-together words still no compound.
  const isKnown = (term: string) =>
    documentTerms.documentFrequency(term) > 0 || synonymsOf.has(term);
  const idf = (term: string) =>
    Math.log(1 + (entries.length + 1) / (documentTerms.documentFrequency(term) + 0.5));
  // A word no tool uses, but whose synonyms some do ("reimburse" for "refund"), weighs as
  // its most common synonym, not as a word the catalog does not know at all.
  const weightOf = (term: string) => {
    if (documentTerms.documentFrequency(term) > 0) return idf(term);
    const used = (synonymsOf.get(term) ?? []).filter(
      (other) => documentTerms.documentFrequency(other) > 0,
    );
    return used.length === 0 ? idf(term) : Math.min(...used.map(idf));
  };

  // The weight of a word no tool uses and no synonym bridges.
  const unknownWeight = weightOf('');

  const { adjacentPairs, raiseAdjacentPairs } = createAdjacentPairScoring({
    termNumber,
    weightOf,
    termPairs,
    leftOut: noEvidence,
  });

  // The word forms of a tool are only read for the tools a request matches: read on demand,
  // so building the index does not pay for them.
  // Sized up front: filled at scattered positions, a growing array would become a dictionary.
  const formsOf = new Array<ReadonlySet<string> | undefined>(entries.length);
  const wordFormsOf = (position: number): ReadonlySet<string> => {
    let forms = formsOf[position];
    if (forms === undefined) {
      const list: string[] = [];
      toolFieldTerms(entries[position] as CatalogEntry, list);
      forms = new Set(list);
      formsOf[position] = forms;
    }
    return forms;
  };

  const buffers = createScoreBuffers(entries.length);
  // A term's scores depend on the index alone: computed once per weight, on first use.
  const termPostings = createTermPostings({
    fieldIndex,
    documentTerms,
    fields,
    documentBoost,
    nameFields,
  });

  // Score tables of requests answered, for the next. A request holds two at most (its own and
  // a clause's), and only requests searched at once (waiting on the word vectors) need more; a
  // table a failed search held is left to the collector.
  const freeTables: ScoreTable[] = [];
  const newTable = () => freeTables.pop() ?? new ScoreTable(entries.length);
  const releaseTable = (table: ScoreTable) => {
    table.clear();
    if (freeTables.length < maxFreeTables) freeTables.push(table);
  };

  const index: SearchIndex = {
    async search(query, limit) {
      const identified = identifiers.get(query.trim().toLowerCase());
      const exact = identified === undefined ? [] : [identified].flat();
      // With `nearestOf`, a request no tool shares a word with is read again with each word's
      // nearest catalog words as its synonyms: what that finds is weak evidence, never a match.
      // Only with `mayBridge`: a clause of a request that shares a word with the catalog is read
      // by its words alone, so such a request ranks as without word vectors and reads no table.
      // A request that needs the table is answered `needsWordVectors`, and read again with it:
      // every other request is scored without waiting on anything.
      const scoreRequest = (
        text: string,
        nearestOf?: NearestWords,
        mayBridge = true,
      ): ScoredRequest | typeof needsWordVectors => {
        const bridged = nearestOf !== undefined;
        const related = (term: string): readonly string[] | undefined =>
          bridged ? [...(synonymsOf.get(term) ?? []), ...nearestOf(term)] : synonymsOf.get(term);
        const cleaned = withoutUnknownNames(
          withoutNegatedClauses(withoutTimeQualifiers(text)),
          isKnown,
        );
        const { terms, forms, sequence } = queryTerms(cleaned, isKnown);
        const evidence = terms.filter((term) => !noEvidence.has(term));
        if (evidence.length === 0) return { scores: newTable(), weak: false, bridged };
        const used = (term: string) => documentTerms.documentFrequency(term) > 0;
        if (
          !bridged &&
          mayBridge &&
          loadWordVectors !== undefined &&
          !evidence.some((term) => used(term) || (related(term) ?? []).some(used))
        ) {
          return needsWordVectors;
        }
        const scores = newTable();
        const expansions = [...new Set(terms.flatMap((term) => related(term) ?? []))].filter(
          (term) => !terms.includes(term),
        );
        // A request of a few content words ("create a new issue") names a capability; a longer
        // one describes a task.
        const namesCapability = evidence.length <= shortRequestTerms;
        const boosts = namesCapability ? capabilityBoosts : taskBoosts;
        // Which of the terms and expansions each tool has, one bit each in that order, is marked
        // while their postings are summed: each test below is then an AND, not a search of the
        // tool's terms.
        const marks = buffers.marker.begin(terms.length + expansions.length);
        const pooled = addScores(buffers, termPostings, terms, 1, boosts.literal, marks, 0, 0);
        const count = addScores(
          buffers,
          termPostings,
          expansions,
          synonymWeight,
          boosts.synonym,
          marks,
          terms.length,
          pooled,
        );
        // Scores are kept by position in canonical id order, one less than the internal id.
        const { pooledScores, pooledIds } = buffers;
        for (let index = 0; index < count; index++) {
          const id = pooledIds[index] as number;
          scores.set(id - 1, pooledScores[id] as number);
          pooledScores[id] = 0;
        }
        const bitOf = (term: string) => {
          const index = terms.indexOf(term);
          if (index >= 0) return index;
          const expansion = expansions.indexOf(term);
          return expansion >= 0 ? terms.length + expansion : -1;
        };
        // Each candidate below is checked against every term: weigh and number each term once.
        // Synonyms no tool uses are left out: no tool has them.
        const weighted: WeightedTerm[] = evidence.map((term) => {
          const synonymBits: number[] = new Array(marks.width).fill(0);
          for (const other of related(term) ?? []) {
            const bit = bitOf(other);
            if (bit >= 0)
              synonymBits[bit >> 5] = (synonymBits[bit >> 5] as number) | (1 << (bit & 31));
          }
          return {
            number: termNumber(term),
            bit: bitOf(term),
            weight: weightOf(term),
            synonyms: bridged
              ? usedNumbers(related(term) ?? [])
              : (synonymNumbersOf.get(term) ?? []),
            synonymBits,
            forms: forms.get(term) as readonly string[],
          };
        });
        const totalWeight = weighted.reduce((sum, { weight }) => sum + weight, 0);
        // A tool's name says best what it does, and a capability's few words are most of what a
        // request names: the share of the request a tool's name matches counts once more in full
        // for a short request, and fades as a request grows into a task's description (a
        // request of four terms still mostly names one), rather than stopping at a length.
        const nameShareWeight = namesCapability
          ? 1
          : (shortRequestTerms / evidence.length) ** nameShareFade;
        const hasAny = (
          sets: Pick<TermSets, 'has'>,
          position: number,
          numbers: readonly number[],
        ) => {
          for (const number of numbers) if (sets.has(position, number)) return true;
          return false;
        };
        // Nearly every request has at most 32 terms and expansions: a tool's marks are then one
        // word, read once per tool (`firstWord`), and each test below one AND.
        const oneWord = marks.width === 1;
        const firstWord = (position: number) => maskWord(marks, position + 1, 0);
        const hasTerm = (position: number, word: number, { bit }: WeightedTerm) =>
          bit >= 0 &&
          ((oneWord ? word : maskWord(marks, position + 1, bit >> 5)) & (1 << (bit & 31))) !== 0;
        const hasSynonym = (position: number, word: number, { synonymBits }: WeightedTerm) => {
          if (oneWord) return (word & (synonymBits[0] as number)) !== 0;
          for (let index = 0; index < synonymBits.length; index++) {
            const bits = synonymBits[index] as number;
            if (bits !== 0 && (maskWord(marks, position + 1, index) & bits) !== 0) return true;
          }
          return false;
        };
        // How much of the request's weight a tool matches in the request's own words; synonyms
        // count half, and so, when the tool's word forms are given, does another form of a word
        // ("controlled" for "control"), weaker evidence than the word itself.
        const literalMatch = (position: number, documentForms?: ReadonlySet<string>) => {
          let literal = 0;
          const word = firstWord(position);
          for (const term of weighted) {
            const { weight, forms } = term;
            if (hasTerm(position, word, term)) {
              literal +=
                documentForms === undefined || hasAnyOf(documentForms, forms)
                  ? weight
                  : synonymWeight * weight;
            } else if (hasSynonym(position, word, term)) {
              literal += synonymWeight * weight;
            }
          }
          return literal;
        };
        // When no tool matches a good share of a short request's words, the catalog probably has
        // no such capability: the matches are only weak evidence ("order a pizza" finds orders),
        // marked so the model can say so, yet still shown, since a request a tool serves may be
        // worded mostly in words no tool uses ("help me register on this app"). This blunter test
        // counts articles as words: a request such as "accepts a jql string" stays above it. Word
        // forms are read only for tools that pass it on their terms alone.
        const floor = relevanceFloor * totalWeight;
        let weak = bridged;
        if (!weak && terms.length <= shortRequestTerms) {
          weak = !scores.some(
            (position) =>
              literalMatch(position) >= floor &&
              literalMatch(position, wordFormsOf(position)) >= floor,
          );
        }
        const requiredWeight = toolFloor * Math.min(totalWeight, unknownWeight);
        // With one word of marks per tool, a term is in a tool (or its name) when the tool's word
        // (or name word) has the term's bit, and a synonym of it when it has one of theirs.
        let termMasks: number[] | undefined;
        let synonymMasks: number[] | undefined;
        if (oneWord) {
          termMasks = new Array(weighted.length).fill(0);
          synonymMasks = new Array(weighted.length).fill(0);
          for (const [index, { bit, synonyms, synonymBits }] of weighted.entries()) {
            termMasks[index] = bit >= 0 ? 1 << bit : 0;
            synonymMasks[index] = synonyms.length > 0 ? (synonymBits[0] as number) : 0;
          }
        }
        const { nameMasks } = buffers;
        // `forEach` rather than `for…of`: no entry array per tool (deleting the current entry is safe).
        scores.forEach((score, position) => {
          let covered = 0;
          let named = 0;
          const word = firstWord(position);
          if (termMasks !== undefined && synonymMasks !== undefined) {
            // Every tool scored here was marked by this request: its name word is valid.
            const nameWord = nameMasks[position + 1] as number;
            for (let index = 0; index < termMasks.length; index++) {
              const termMask = termMasks[index] as number;
              const synonymMask = synonymMasks[index] as number;
              const { weight } = weighted[index] as WeightedTerm;
              if ((nameWord & termMask) !== 0) named += weight;
              else if ((word & synonymMask) !== 0 && (nameWord & synonymMask) !== 0) {
                named += synonymWeight * weight;
              }
              if ((word & (termMask | synonymMask)) !== 0) covered += weight;
            }
          } else
            for (const term of weighted) {
              const { number, weight, synonyms } = term;
              // A tool's name terms are some of its terms: its name can only have what it has.
              const inDocument = hasTerm(position, word, term);
              const synonymInDocument = synonyms.length > 0 && hasSynonym(position, word, term);
              if (inDocument && nameTerms.has(position, number)) named += weight;
              else if (synonymInDocument && hasAny(nameTerms, position, synonyms)) {
                named += synonymWeight * weight;
              }
              if (inDocument || synonymInDocument) covered += weight;
            }
          // Tools that match more of the query's weight outrank tools that match one word strongly.
          if (covered < requiredWeight) scores.delete(position);
          else {
            // The share of the request the tool's name (or alias) matches counts once more.
            const naming = 1 + (nameShareWeight * named) / totalWeight;
            scores.set(position, (score * covered * naming) / totalWeight);
          }
        });
        raiseAdjacentPairs(scores, adjacentPairs(sequence, bitOf), totalWeight, marks);
        // Another form of a word ("plan" for "planning", "control" for "controlled") is weaker
        // evidence that a tool does what was asked than the word itself: it covers half the
        // word's weight, as it counts half for the relevance floor; which tools are returned at
        // all still counts it in full. A tool's word forms are read from the tool itself (a cold
        // request reading 200 tools' took four times as long), so only the best `limit` tools,
        // those a search can return, are read: the check can only lower their scores.
        for (const [position, score] of selectTopScores(scores, limit)) {
          let covered = 0;
          let coveredInItsForms = 0;
          const word = firstWord(position);
          for (const term of weighted) {
            const { weight, synonyms } = term;
            if (hasTerm(position, word, term)) {
              covered += weight;
              const sameWord = hasAnyOf(wordFormsOf(position), term.forms);
              coveredInItsForms += sameWord ? weight : synonymWeight * weight;
            } else if (synonyms.length > 0 && hasSynonym(position, word, term)) {
              covered += weight;
              coveredInItsForms += weight;
            }
          }
          if (coveredInItsForms < covered)
            scores.set(position, (score * coveredInItsForms) / covered);
        }
        if (namesCapability && !terms.some((term) => namespaceTerms.has(term))) {
          raiseSameOperation(scores, namespaceOf, operationOf);
          spreadOverNamespaces(scores, namespaceOf);
        }
        return { scores, weak, bridged };
      };

      const request = withoutQuotedValues(query);
      // A clause said twice ranks the same tools twice: each distinct clause is scored once, and
      // only the first `maxClauses` are (a request of more has had its say by then, and each
      // clause is another scoring: a request of a hundred short sentences would cost a hundred).
      const parts = [...new Set(splitRequest(request))].slice(0, maxClauses);
      // Without a table, a request that needs one is scored by its words alone: it finds nothing.
      const withWordVectors = async (text: string) =>
        scoreRequest(
          text,
          await nearestWords(loadWordVectors as () => Promise<WordVectors | undefined>),
          false,
        ) as ScoredRequest;
      let scored = scoreRequest(request);
      const whole = scored === needsWordVectors ? await withWordVectors(request) : scored;
      const { scores } = whole;
      // A tool is strong evidence when some scoring that passed the relevance floor found it:
      // the whole request (every tool it scored, unless it was weak), a clause, or its name.
      const strongClauses = new Set<number>();
      const onlyFromClauses = new Set<number>();
      const isStrong = (position: number) =>
        (!whole.weak && !onlyFromClauses.has(position)) ||
        strongClauses.has(position) ||
        exact.includes(position);
      if (parts.length > 1) {
        // A compound request ("do X. Also do Y") is also ranked clause by clause, so the tool
        // for each clause can reach the top even when the other clause dominates the whole.
        const top = topScore(scores);
        scores.forEach((score, position) => {
          scores.set(position, score / top);
        });
        for (const part of parts) {
          scored = scoreRequest(part, undefined, whole.bridged);
          const clause = scored === needsWordVectors ? await withWordVectors(part) : scored;
          const partTop = topScore(clause.scores);
          clause.scores.forEach((score, position) => {
            const wholeScore = scores.get(position);
            if (wholeScore === undefined) onlyFromClauses.add(position);
            scores.set(position, Math.max(wholeScore ?? 0, (clauseWeight * score) / partTop));
            if (!clause.weak) strongClauses.add(position);
          });
          releaseTable(clause.scores);
        }
      }
      if (scores.size === 0 && exact.length === 0) {
        releaseTable(scores);
        return [];
      }
      // An exact identifier ranks first, above every scored match.
      const top = topScore(scores);
      for (const position of exact) scores.set(position, top + 1 + (scores.get(position) ?? 0));
      const ranked = selectTopScores(scores, limit).map(
        ([position, score]): RankedTool =>
          isStrong(position)
            ? { entry: entries[position] as CatalogEntry, score }
            : { entry: entries[position] as CatalogEntry, score, weak: true },
      );
      releaseTable(scores);
      return ranked;
    },
  };
  return index;
}

/** Whether `set` has any of `values`. */
function hasAnyOf(set: ReadonlySet<string>, values: readonly string[]): boolean {
  for (const value of values) if (set.has(value)) return true;
  return false;
}

/** The highest of `scores`, or 0 when there are none (scores are positive). */
function topScore(scores: ScoreEntries): number {
  let top = 0;
  scores.forEach((score) => {
    top = Math.max(top, score);
  });
  return top;
}

/**
 * Orama's English stop words keep the article "a". BM25 still scores it
 * (dropping it costs ToolLens R@5 and APIGen NDCG@10 a few thousandths), but
 * matching it is no evidence that a tool fits: the coverage, the floors and
 * the name share leave it out, so "hail a taxi" finds nothing in a large
 * catalog where few descriptions use the article and it weighs as a rare word.
 */
const noEvidence: ReadonlySet<string> = new Set(['a']);

/**
 * The distinct clauses of a request ranked one by one. Of 25,094 real requests of the public
 * sets, 61 (0.24%) have more; a request of 1,024 bytes can have over a hundred.
 */
const maxClauses = 8;

/** A clause's best match counts a little less than the whole request's best match. */
const clauseWeight = 0.85;

/**
 * BM25 parameters: shorter fields than prose, so length matters less than
 * Orama's default; a tool's longer text mostly says more of what it does
 * (its parameters, its output), so its length is penalised only mildly.
 */
export const bm25 = { k: 1.2, b: 0.35, d: 0.5 };

/** Requests of up to this many terms name a capability; longer ones describe a task. */
const shortRequestTerms = 3;

/**
 * How fast the name's share fades in a longer request: it counts
 * (shortRequestTerms / terms) to this power, 0.42 at four terms, 0.13 at six.
 */
const nameShareFade = 3;

/** The share of one unknown word's weight every returned tool must match. */
const toolFloor = 0.3;

/** Free score tables an index keeps for its next requests. */
const maxFreeTables = 4;

/** What scoring a request answers when the request needs the word-vector table to be read first. */
const needsWordVectors = Symbol('needsWordVectors');

/** The catalog's terms nearest to a word no tool uses (`nearestCatalogWords`). */
type NearestWords = (term: string) => readonly string[];

/** One request's (or clause's) scores, and whether its best match missed the relevance floor. */
interface ScoredRequest {
  /** By position in canonical id order. */
  readonly scores: ScoreTable;
  readonly weak: boolean;
  /** Whether it was read through the nearest catalog words, sharing no word with the catalog. */
  readonly bridged: boolean;
}

/** A request's term of evidence, with what each candidate tool is checked against. */
interface WeightedTerm {
  readonly number: number;
  /** Its bit in a tool's marks; -1 when it has none. */
  readonly bit: number;
  readonly weight: number;
  /** The numbers of its synonyms some tool uses, and their bits in a tool's marks, word by word. */
  readonly synonyms: readonly number[];
  readonly synonymBits: readonly number[];
  /** The word forms the request used for it. */
  readonly forms: readonly string[];
}
