import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { spreadOverNamespaces } from './spread-over-namespaces.js';

/** The definition: down the ranking (by score, ties by position), each tool keeps 0.8 per tool of its namespace above it. */
function byDefinition(scores: Map<number, number>, namespaceOf: readonly string[]) {
  const spread = new Map(scores);
  if (new Set([...scores.keys()].map((position) => namespaceOf[position])).size < 2) return spread;
  const above = new Map<string, number>();
  for (const [position, score] of [...scores].sort(
    ([left, a], [right, b]) => b - a || left - right,
  )) {
    const namespace = namespaceOf[position] as string;
    const count = above.get(namespace) ?? 0;
    above.set(namespace, count + 1);
    spread.set(position, score * 0.8 ** count);
  }
  return spread;
}

describe('spreadOverNamespaces', () => {
  it('lowers each further tool of a namespace, leaving each namespace’s best as it was', () => {
    const scores = new Map([
      [0, 10],
      [1, 9],
      [2, 8],
      [3, 7],
    ]);
    spreadOverNamespaces(scores, ['jira', 'jira', 'github', 'jira']);
    expect([...scores]).toEqual([
      [0, 10],
      [1, 9 * 0.8],
      [2, 8],
      [3, 7 * 0.8 ** 2],
    ]);
  });

  it('leaves the scores of one namespace alone', () => {
    const scores = new Map([
      [0, 3],
      [1, 2],
    ]);
    spreadOverNamespaces(scores, ['jira', 'jira']);
    expect([...scores]).toEqual([
      [0, 3],
      [1, 2],
    ]);
  });

  it('gives the scores the definition gives, ties included', () => {
    const namespaces = ['a', 'b', 'c'];
    const input = fc.array(
      fc.record({
        score: fc.constantFrom(1, 2, 2.5, 3),
        namespace: fc.constantFrom(...namespaces),
      }),
      { maxLength: 30 },
    );
    fc.assert(
      fc.property(input, (tools) => {
        const namespaceOf = tools.map((tool) => tool.namespace);
        const scores = new Map(tools.map((tool, position) => [position, tool.score]));
        const expected = byDefinition(scores, namespaceOf);
        spreadOverNamespaces(scores, namespaceOf);
        expect(scores).toEqual(expected);
      }),
      { numRuns: 500 },
    );
  });
});
