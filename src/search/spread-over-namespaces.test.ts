import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ScoreTable } from './score-table.js';
import { createNamespaceSpread } from './spread-over-namespaces.js';

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

/** `scores` spread over `namespaceOf`, through a table and back, by position. */
function spread(scores: Map<number, number>, namespaceOf: readonly string[]) {
  const names = [...new Set(namespaceOf)];
  const spreadOver = createNamespaceSpread(
    Int32Array.from(namespaceOf, (namespace) => names.indexOf(namespace)),
    names.length,
    0.8,
  );
  const table = new ScoreTable(namespaceOf.length);
  for (const [position, score] of scores) table.set(position, score);
  spreadOver(table);
  // Twice over the same spread: its scratch arrays are left as it found them.
  const again = new ScoreTable(namespaceOf.length);
  for (const [position, score] of scores) again.set(position, score);
  spreadOver(again);
  const spreadScores = new Map<number, number>();
  for (const position of [...scores.keys()].sort((left, right) => left - right)) {
    expect(again.get(position)).toBe(table.get(position));
    spreadScores.set(position, table.get(position) as number);
  }
  return spreadScores;
}

describe('createNamespaceSpread', () => {
  it('lowers each further tool of a namespace, leaving each namespace’s best as it was', () => {
    const scores = new Map([
      [0, 10],
      [1, 9],
      [2, 8],
      [3, 7],
    ]);
    expect([...spread(scores, ['jira', 'jira', 'github', 'jira'])]).toEqual([
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
    expect([...spread(scores, ['jira', 'jira'])]).toEqual([
      [0, 3],
      [1, 2],
    ]);
  });

  it('gives the scores the definition gives, ties and large namespaces included', () => {
    const namespaces = ['a', 'b', 'c'];
    const input = fc.array(
      fc.record({
        score: fc.constantFrom(1, 2, 2.5, 3),
        namespace: fc.constantFrom(...namespaces),
      }),
      { maxLength: 60 },
    );
    fc.assert(
      fc.property(input, (tools) => {
        const namespaceOf = tools.map((tool) => tool.namespace);
        const scores = new Map(tools.map((tool, position) => [position, tool.score]));
        expect(spread(scores, namespaceOf)).toEqual(byDefinition(scores, namespaceOf));
      }),
      { numRuns: 500 },
    );
  });
});
