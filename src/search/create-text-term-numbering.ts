import { keepHiddenClass } from '../util/keep-hidden-class.js';
import { analyzeText, onIgnoredWordsChange, termOfWord } from './analyze-text.js';
import { splitIdentifierWords } from './split-identifier-words.js';
import { WordTrie } from './word-trie.js';

/** Numbers the terms of texts for one index, with the numbering's own numbers. */
export interface TextTermNumbering {
  /**
   * Writes to `numbers`, from `start` on (by default its end: appends), the number of each term
   * of `analyzeText(text)`, in order, and returns where they end. What lies past that end is
   * left as it was: a list written from 0 again and again keeps its room, where emptying it
   * first gave it up, and every text grew a new one.
   */
  append(text: string, numbers: number[], start?: number): number;
}

/** What numbers a term (a `FieldTermNumbering`, say). */
export interface TermNumberer {
  number(term: string): number;
}

/**
 * Numbers the terms of texts as `numberer` numbers a term, for one index: a
 * plain word's number is kept by its node (`scanAsciiWords`), so a word met
 * again costs no string, no term lookup and no number lookup, where analyzing
 * a manual-length description and then numbering its terms looked each word
 * up twice.
 *
 * @example
 * const numbering = createTextTermNumbering({ number: (term) => ['send', 'mail'].indexOf(term) });
 * const numbers: number[] = [];
 * numbering.append('sends the mail', numbers); // numbers: [0, 1]
 */
export function createTextTermNumbering(numberer: TermNumberer): TextTermNumbering {
  return new PlainWordTextNumbering(numberer);
}

/**
 * A class's method, not a closure made per build: a closure's optimized code
 * goes with the last closure at a full collection, and every build after one
 * scanned its texts unoptimized until V8 compiled the loop again.
 */
class PlainWordTextNumbering implements TextTermNumbering {
  readonly #numberer: TermNumberer;
  #trie: WordTrie | undefined;
  // By node: 0 while not yet numbered, 1 for a word with no term, or the number plus 2.
  #numberOfNode = new Int32Array(0);

  constructor(numberer: TermNumberer) {
    this.#numberer = numberer;
  }

  append(text: string, numbers: number[], start = numbers.length): number {
    const numberer = this.#numberer;
    let end = start;
    const count = scanAsciiWords(text);
    if (count < 0) {
      for (const term of analyzeText(text)) numbers[end++] = numberer.number(term);
      return end;
    }
    if (this.#trie !== plainWords || plainWords.size > this.#numberOfNode.length) {
      const grown = new Int32Array(Math.max(2 * plainWords.size, 1024));
      if (this.#trie === plainWords) grown.set(this.#numberOfNode);
      this.#trie = plainWords;
      this.#numberOfNode = grown;
    }
    const numberOfNode = this.#numberOfNode;
    for (let word = 0; word < count; word++) {
      const node = wordNodes[word] as number;
      const wordStart = wordStarts[word] as number;
      const wordEnd = wordEnds[word] as number;
      if (node < 0) {
        const found = termsOfIdentifier(text.slice(wordStart, wordEnd));
        if (typeof found === 'string') numbers[end++] = numberer.number(found);
        else if (found !== null) for (const term of found) numbers[end++] = numberer.number(term);
        continue;
      }
      let found = numberOfNode[node] as number;
      if (found === 0) {
        const term = termOfPlainWord(node, text, wordStart, wordEnd);
        found = term === null ? 1 : numberer.number(term) + 2;
        numberOfNode[node] = found;
      }
      if (found > 1) numbers[end++] = found - 2;
    }
    return end;
  }
}

keepHiddenClass(new PlainWordTextNumbering({ number: () => 0 }));

/** The term of the plain word `text.slice(start, end)`, found by its node in `plainWords`. */
function termOfPlainWord(node: number, text: string, start: number, end: number): string | null {
  let term = termsOfPlainWords[node];
  if (term === undefined) {
    term = termOfWord(text.slice(start, end));
    // Filled up to the node first: written past a gap of a thousand (a long word's nodes), the
    // array would turn into a dictionary, and every later read a hash lookup.
    while (termsOfPlainWords.length < node) termsOfPlainWords.push(undefined);
    termsOfPlainWords[node] = term;
  }
  return term;
}

/**
 * Finds the words of an ASCII text, split as `splitIdentifierWords` splits
 * it, and returns how many (`wordNodes`, `wordStarts`, `wordEnds`); -1 when it
 * has a character that is not ASCII. The text is read as bytes (`asciiBytes`),
 * not by `charCodeAt`: a description cut for indexing is a slice of a longer
 * string, and each character was read through it. A plain word (lower-case
 * letters only, most words of any catalog, or one analysis gives the same
 * term: `Returns`, `API`) is walked through `plainWords` as
 * it is scanned and found by its node, with no string made and none hashed (a
 * manual-length description's words were most of analyzing it); any other run
 * of letters and digits (or a new word once the trie is full) by its place,
 * with the node -1. The words are written to arrays kept for the next text,
 * not handed to a callback: a callback made per text changed the call's
 * target every time, and V8 compiled the scan again and again on another
 * thread.
 */
function scanAsciiWords(text: string): number {
  // A full trie answers -1 for a new word, found then by its place: the next text has a new one.
  if (plainWords.size === WordTrie.maxSize) {
    plainWords = new WordTrie();
    termsOfPlainWords = [];
  }
  const bytes = asciiBytes(text);
  if (bytes === undefined) return -1;
  const trie = plainWords;
  let count = 0;
  let start = -1;
  let node = 0;
  // Capitals so far in the run, and whether a lower-case letter came.
  let capitals = 0;
  let lower = false;
  // Up to the separator `asciiBytes` puts after the text.
  for (let index = 0; index <= text.length; index++) {
    const code = bytes[index] as number;
    if (code >= 97 && code <= 122) {
      if (start < 0) {
        start = index;
        node = 0;
        capitals = 0;
      }
      lower = true;
      // A negative node: the run is no plain word. After two capitals it splits (`APIs`).
      if (node >= 0) node = capitals > 1 ? -1 : trie.next(node, code);
    } else if (code >= 65 && code <= 90) {
      if (start < 0) {
        start = index;
        node = 0;
        capitals = 0;
        lower = false;
      }
      capitals++;
      // A capitalised word (`Returns`) or one of capitals only (`API`) is not split, and its
      // term is its lower-case word's: the trie's slot of a letter is the same in either case.
      // A capital after a lower-case letter is a hump (`listEvents`).
      if (node >= 0) node = lower ? -1 : trie.next(node, code);
    } else if (code >= 48 && code <= 57) {
      if (start < 0) start = index;
      node = -1;
    } else if (start >= 0) {
      if (count === wordNodes.length) growWords();
      wordNodes[count] = node;
      wordStarts[count] = start;
      wordEnds[count++] = index;
      start = -1;
    }
  }
  return count;
}

/**
 * The bytes of `text` followed by a separator, when every character is ASCII
 * (one byte each); `undefined` otherwise. In a kept array, written over by the
 * next text; a text longer than it keeps gets one of its own.
 */
function asciiBytes(text: string): Uint8Array | undefined {
  const bytes = text.length < keptBytes.length ? keptBytes : new Uint8Array(text.length + 1);
  // A character that is not ASCII takes more than one byte, or did not fit.
  const { read, written } = encoder.encodeInto(text, bytes);
  if (read !== text.length || written !== text.length) return undefined;
  bytes[written] = separator;
  return bytes;
}

const encoder = new TextEncoder();
/** Room for twice the longest text a build numbers (2,048 characters, `fieldTextLimit`). */
const keptBytes = new Uint8Array(4096);

/** The words `scanAsciiWords` found last: each one's node (-1 when no plain word), start and end. */
let wordNodes = new Int32Array(256);
let wordStarts = new Int32Array(256);
let wordEnds = new Int32Array(256);

function growWords(): void {
  const grow = (words: Int32Array) => {
    const grown = new Int32Array(2 * words.length);
    grown.set(words);
    return grown;
  };
  wordNodes = grow(wordNodes);
  wordStarts = grow(wordStarts);
  wordEnds = grow(wordEnds);
}

/** A code that ends the last word of a text. */
const separator = 32;

/**
 * The plain words of the texts index builds have numbered (`scanAsciiWords`)
 * and, by node, each one's `termOfWord`; let go when the trie is full
 * (`WordTrie.maxSize`: the public benchmarks' 7,110 tools make 29,000 nodes). Only builds walk it: a request's words
 * go through `analyzeWord`'s cache, and `analyzeText` keeps its word map.
 */
let plainWords = new WordTrie();
let termsOfPlainWords: (string | null | undefined)[] = [];

/**
 * The terms of each run of letters and digits of a text other than a plain
 * word (`listEvents`, `Capitalised`, `v2`): one term, `null` for none, or
 * several, as `analyzeText` gives them. Splitting such a run at its humps and
 * digits takes regular expressions: a repeated one is one lookup.
 */
const termsOfIdentifiers = new Map<string, string | null | readonly string[]>();
const maxCachedIdentifiers = 50_000;

onIgnoredWordsChange(() => {
  plainWords = new WordTrie();
  termsOfPlainWords = [];
  termsOfIdentifiers.clear();
});

function termsOfIdentifier(identifier: string): string | null | readonly string[] {
  let found = termsOfIdentifiers.get(identifier);
  if (found === undefined) {
    if (termsOfIdentifiers.size >= maxCachedIdentifiers) termsOfIdentifiers.clear();
    const words = splitIdentifierWords(identifier, true);
    if (words.length === 1) {
      found = termOfWord(words[0] as string);
    } else {
      const terms: string[] = [];
      for (const word of words) {
        const term = termOfWord(word);
        if (term !== null) terms.push(term);
      }
      found = terms.length === 0 ? null : terms;
    }
    termsOfIdentifiers.set(identifier, found);
  }
  return found;
}
