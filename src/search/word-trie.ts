/**
 * Lower-case ASCII words (a to z) as the nodes of a trie, numbered from 1 (0
 * is the root, the empty word): a word is found by walking its letters as a
 * text is scanned, with no string made for it and none hashed, which for a
 * long text cost more than finding its words. One array of children, 32 slots a node.
 *
 * @example
 * const trie = new WordTrie();
 * const send = trie.next(trie.next(trie.next(trie.next(0, 115), 101), 110), 100);
 * send === trie.next(trie.next(trie.next(trie.next(0, 115), 101), 110), 100); // true
 */
export class WordTrie {
  // A node's children in a row of 32 slots, one per letter by its code's low five bits: a node is
  // 64 bytes, one cache line, where 26 slots of 32 bits took 104 and most of a long text's scan
  // waited on memory; the slot is a shift and an OR from the node, with no multiply.
  #children = new Uint16Array(slotsPerNode * 1024);
  #size = 1;

  /** How many nodes there are, the root included: at most `WordTrie.maxSize`. */
  get size(): number {
    return this.#size;
  }

  /**
   * The node of `node`'s word followed by the letter of `code` (97 to 122; a
   * capital, 65 to 90, is its lower-case letter), added when new; -1 when new
   * and the trie has `WordTrie.maxSize` nodes.
   */
  next(node: number, code: number): number {
    const slot = (node << 5) | (code & 31);
    const child = this.#children[slot] as number;
    if (child !== 0) return child;
    if (this.#size === WordTrie.maxSize) return -1;
    if ((this.#size + 1) * slotsPerNode > this.#children.length) {
      const grown = new Uint16Array(2 * this.#children.length);
      grown.set(this.#children);
      this.#children = grown;
    }
    this.#children[slot] = this.#size;
    return this.#size++;
  }

  /** The most nodes a trie holds: each is numbered in 16 bits. */
  static readonly maxSize = 65_536;
}

const slotsPerNode = 32;
