import { analyzeCompound, analyzeWord } from './analyze-word.js';

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
  // Whether adjacent words the catalog knows written as one count as that word.
  compounds = true,
): { terms: string[]; forms: Map<string, string[]>; sequence: string[] } {
  const forms = new Map<string, string[]>();
  // A word or pair said again adds no new term: adding its forms again changes nothing.
  const sequence: string[] = [];
  const words = query.split(/[^\p{L}\p{N}]+/u);
  for (let word = 0; word < words.length; word++) {
    const { terms: analyzed, forms: wordForms } = analyzeWord(words[word] as string);
    // An identifier's parts too: a tool's text has them side by side as the identifier does.
    for (let index = 0; index < analyzed.length; index++) sequence.push(analyzed[index] as string);
    // A word that splits into parts (GitHub, listEvents, S3) comes back whole first; when the
    // catalog knows it whole, the parts would only count the same thing again.
    const count = analyzed.length > 1 && isKnown(analyzed[0] as string) ? 1 : analyzed.length;
    for (let index = 0; index < count; index++) {
      addForm(forms, analyzed[index] as string, wordForms[index] as string);
    }
  }
  if (!compounds) return { terms: [...forms.keys()], forms, sequence };
  // The lower-cased words with what separates them: words at even indexes, the text between
  // two words at the odd index between them (an empty word only first or last).
  const pieces = query.toLowerCase().split(separatorPattern);
  let previous: string | undefined;
  for (let index = 0; index < pieces.length; index += 2) {
    const word = pieces[index] as string;
    if (word === '') continue;
    // The parts of a contraction ("I'm", "it's"), joined by an apostrophe, are one word, never
    // two written apart ("I'm" is no "im").
    if (previous !== undefined && !hasApostrophe(pieces[index - 1] as string)) {
      const { terms: compoundTerms, forms: compoundForms } = analyzeCompound(previous, word);
      const compound = compoundTerms[0];
      if (compound !== undefined && isKnown(compound)) {
        addForm(forms, compound, compoundForms[0] as string);
      }
    }
    previous = word;
  }
  return { terms: [...forms.keys()], forms, sequence };
}

/** Adds `form` to the word forms of `term`, once. */
function addForm(forms: Map<string, string[]>, term: string, form: string): void {
  const list = forms.get(term);
  if (list === undefined) forms.set(term, [form]);
  else if (!list.includes(form)) list.push(form);
}

/** Whether `text` has an apostrophe. */
function hasApostrophe(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === 0x27 || code === 0x2019) return true;
  }
  return false;
}

const separatorPattern = /([^\p{L}\p{N}]+)/u;
