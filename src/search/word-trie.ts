/**
 * Lower-case ASCII words (a to z) as the nodes of a trie, numbered from 1 (0
 * is the root, the empty word): a word is found by walking its letters as a
 * text is scanned, with no string made for it and none hashed, which for a
 * long text cost more than finding its words. One array of children, 26 a node.
 *
 * @example
 * const trie = new WordTrie();
 * const send = trie.next(trie.next(trie.next(trie.next(0, 115), 101), 110), 100);
 * send === trie.next(trie.next(trie.next(trie.next(0, 115), 101), 110), 100); // true
 */
export class WordTrie {
  #children = new Int32Array(letters * 1024);
  #size = 1;

  /** How many nodes there are, the root included. */
  get size(): number {
    return this.#size;
  }

  /** The node of `node`'s word followed by the letter of `code` (97 to 122), added when new. */
  next(node: number, code: number): number {
    const slot = node * letters + code - 97;
    const child = this.#children[slot] as number;
    if (child !== 0) return child;
    if ((this.#size + 1) * letters > this.#children.length) {
      const grown = new Int32Array(2 * this.#children.length);
      grown.set(this.#children);
      this.#children = grown;
    }
    this.#children[slot] = this.#size;
    return this.#size++;
  }
}

const letters = 26;
