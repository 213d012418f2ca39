import { describe, expect, it } from 'vitest';
import { markdownTable } from './markdown-table.js';

describe('markdownTable', () => {
  it('pads the text columns to the left and the others to the right', () => {
    expect(
      markdownTable(
        ['data set', 'ranker', 'MRR'],
        [
          ['IronClaw', 'default', '0.9000'],
          ['ToolLens', 'bm25', '-'],
        ],
      ),
    ).toEqual([
      '| data set | ranker  |    MRR |',
      '| -------- | ------- | -----: |',
      '| IronClaw | default | 0.9000 |',
      '| ToolLens | bm25    |      - |',
    ]);
  });

  it('keeps columns at least three wide and takes the number of text columns', () => {
    expect(markdownTable(['a', 'n'], [['x', '1']], 1)).toEqual([
      '| a   |   n |',
      '| --- | --: |',
      '| x   |   1 |',
    ]);
  });
});
