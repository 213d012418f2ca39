import { analyzeText } from './analyze-text.js';

/**
 * The analyzed query terms, plus adjacent words written as one when the
 * catalog knows the compound (`look up` → `lookup`, `web page` → `webpage`),
 * each with the word forms the request used for it.
 */
export function queryTerms(
  query: string,
  isKnown: (term: string) => boolean,
): { terms: string[]; forms: Map<string, string[]> } {
  const forms = new Map<string, string[]>();
  const add = (term: string, form: string) => {
    const list = forms.get(term);
    if (list === undefined) forms.set(term, [form]);
    else if (!list.includes(form)) list.push(form);
  };
  // A word or pair said again adds nothing new: each distinct one is analyzed once.
  const seen = new Set<string>();
  for (const word of query.split(/[^\p{L}\p{N}]+/u)) {
    if (seen.has(word)) continue;
    seen.add(word);
    const wordForms: string[] = [];
    const analyzed = analyzeText(word, wordForms);
    // A word that splits into parts (GitHub, listEvents, S3) comes back whole first; when the
    // catalog knows it whole, the parts would only count the same thing again.
    const count = analyzed.length > 1 && isKnown(analyzed[0] as string) ? 1 : analyzed.length;
    for (let index = 0; index < count; index++) {
      add(analyzed[index] as string, wordForms[index] as string);
    }
  }
  const words = query
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  seen.clear();
  for (let index = 0; index + 1 < words.length; index++) {
    const joined = `${words[index]}${words[index + 1]}`;
    if (seen.has(joined)) continue;
    seen.add(joined);
    const compoundForms: string[] = [];
    const [compound] = analyzeText(joined, compoundForms);
    if (compound !== undefined && isKnown(compound)) add(compound, compoundForms[0] as string);
  }
  return { terms: [...forms.keys()], forms };
}
