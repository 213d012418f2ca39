import { analyzeText } from './analyze-text.js';

/**
 * The analyzed query terms, plus adjacent words written as one when the
 * catalog knows the compound (`look up` → `lookup`, `web page` → `webpage`),
 * each with the word forms the request used for it; and the words' terms in
 * the request's order, repeats and identifiers' parts included, compounds
 * left out (`sequence`).
 */
export function queryTerms(
  query: string,
  isKnown: (term: string) => boolean,
): { terms: string[]; forms: Map<string, string[]>; sequence: string[] } {
  const forms = new Map<string, string[]>();
  const add = (term: string, form: string) => {
    const list = forms.get(term);
    if (list === undefined) forms.set(term, [form]);
    else if (!list.includes(form)) list.push(form);
  };
  // A word or pair said again adds no new term: each distinct one is added once.
  const seen = new Set<string>();
  const sequence: string[] = [];
  for (const word of query.split(/[^\p{L}\p{N}]+/u)) {
    const { terms: analyzed, forms: wordForms } = analyzeWord(word);
    // An identifier's parts too: a tool's text has them side by side as the identifier does.
    sequence.push(...analyzed);
    if (seen.has(word)) continue;
    seen.add(word);
    // A word that splits into parts (GitHub, listEvents, S3) comes back whole first; when the
    // catalog knows it whole, the parts would only count the same thing again.
    const count = analyzed.length > 1 && isKnown(analyzed[0] as string) ? 1 : analyzed.length;
    for (let index = 0; index < count; index++) {
      add(analyzed[index] as string, wordForms[index] as string);
    }
  }
  const lower = query.toLowerCase();
  const words: string[] = [];
  // Whether each word is joined to the one before it by an apostrophe: the parts of a
  // contraction ("I'm", "it's") are one word, never two written apart ("I'm" is no "im").
  const contracted: boolean[] = [];
  let end = -1;
  for (const match of lower.matchAll(wordPattern)) {
    contracted.push(end >= 0 && apostrophe.test(lower.slice(end, match.index)));
    words.push(match[0]);
    end = match.index + match[0].length;
  }
  seen.clear();
  for (let index = 0; index + 1 < words.length; index++) {
    if (contracted[index + 1]) continue;
    const joined = `${words[index]}${words[index + 1]}`;
    if (seen.has(joined)) continue;
    seen.add(joined);
    const { terms: compoundTerms, forms: compoundForms } = analyzeWord(joined);
    const compound = compoundTerms[0];
    if (compound !== undefined && isKnown(compound)) add(compound, compoundForms[0] as string);
  }
  return { terms: [...forms.keys()], forms, sequence };
}

const wordPattern = /[\p{L}\p{N}]+/gu;
const apostrophe = /['’]/u;

/** A word's terms and their word forms, as `analyzeText` gives them. */
interface WordAnalysis {
  readonly terms: readonly string[];
  readonly forms: readonly string[];
}

/**
 * Words already analyzed: requests repeat their words, and a compound request
 * is read whole and clause by clause. Bounded; cleared when full.
 */
const analyses = new Map<string, WordAnalysis>();
const maxCachedAnalyses = 10_000;

function analyzeWord(word: string): WordAnalysis {
  let analysis = analyses.get(word);
  if (analysis === undefined) {
    if (analyses.size >= maxCachedAnalyses) analyses.clear();
    const forms: string[] = [];
    analysis = { terms: analyzeText(word, forms), forms };
    analyses.set(word, analysis);
  }
  return analysis;
}
