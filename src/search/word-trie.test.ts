import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WordTrie } from './word-trie.js';

/** The node of `word` (letters a to z), walked from the root; -1 when a full trie has none. */
function nodeOf(trie: WordTrie, word: string): number {
  let node = 0;
  for (let index = 0; index < word.length && node >= 0; index++) {
    node = trie.next(node, word.charCodeAt(index));
  }
  return node;
}

describe('WordTrie', () => {
  it('gives each distinct word its own node, and a word the same node each time', () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[a-z]{0,6}$/), { maxLength: 200 }), (words) => {
        const trie = new WordTrie();
        const nodes = new Map<string, number>();
        for (const word of words) {
          const node = nodeOf(trie, word);
          expect(node).toBe(nodes.get(word) ?? node);
          nodes.set(word, node);
        }
        expect(new Set(nodes.values()).size).toBe(nodes.size);
        expect(nodes.get('') ?? 0).toBe(0);
        for (const [word, node] of nodes) expect(nodeOf(trie, word)).toBe(node);
      }),
      { numRuns: 200 },
    );
  });

  it('walks a capital as its lower-case letter', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-zA-Z]{1,8}$/), (word) => {
        const trie = new WordTrie();
        expect(nodeOf(trie, word)).toBe(nodeOf(trie, word.toLowerCase()));
        expect(trie.size).toBe(word.length + 1);
      }),
    );
  });

  it('counts its nodes, one per distinct prefix, and grows past its first array', () => {
    const trie = new WordTrie();
    expect(trie.size).toBe(1);
    nodeOf(trie, 'send');
    nodeOf(trie, 'sent');
    expect(trie.size).toBe(6);
    const words = Array.from({ length: 2000 }, (_, index) =>
      index
        .toString(26)
        .replace(/./g, (digit) => String.fromCharCode(97 + Number.parseInt(digit, 26))),
    );
    const nodes = words.map((word) => nodeOf(trie, `x${word}`));
    expect(words.map((word) => nodeOf(trie, `x${word}`))).toEqual(nodes);
    expect(new Set(nodes).size).toBe(words.length);
  });

  it('answers -1 for a new word once full, and still finds the words it has', () => {
    const trie = new WordTrie();
    const words: string[] = [];
    for (let index = 0; trie.size < WordTrie.maxSize; index++) {
      const word = index
        .toString(26)
        .padStart(4, '0')
        .replace(/./g, (digit) => String.fromCharCode(97 + Number.parseInt(digit, 26)));
      if (nodeOf(trie, word) >= 0) words.push(word);
    }
    expect(trie.size).toBe(WordTrie.maxSize);
    const nodes = words.map((word) => nodeOf(trie, word));
    expect(Math.min(...nodes)).toBeGreaterThan(0);
    expect(new Set(nodes).size).toBe(words.length);
    expect(nodeOf(trie, 'zzzzz')).toBe(-1);
    expect(trie.size).toBe(WordTrie.maxSize);
  });
});
