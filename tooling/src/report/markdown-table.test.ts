import { describe, expect, it } from 'vitest';
import { markdownColumns, renderMarkdownTable } from './markdown-table.js';

describe('renderMarkdownTable', () => {
  it('writes cells as they are, with the alignment in the rule', () => {
    expect(
      renderMarkdownTable(
        [{ header: 'arm' }, { header: 'tools', align: 'right' }],
        [['off', '10'], ['on']],
      ),
    ).toEqual(['| arm | tools |', '|---|---:|', '| off | 10 |', '| on |  |']);
  });

  it('escapes pipes, backslashes and line breaks so a cell cannot split the row', () => {
    expect(renderMarkdownTable([{ header: 'a|b' }], [['x\\y|z\r\nw']])).toEqual([
      '| a\\|b |',
      '|---|',
      '| x\\\\y\\|z w |',
    ]);
  });

  it('pads the text columns to the left and the others to the right', () => {
    expect(
      renderMarkdownTable(
        markdownColumns(['data set', 'ranker', 'MRR'], 2),
        [
          ['IronClaw', 'default', '0.9000'],
          ['ToolLens', 'bm25', '-'],
        ],
        { padded: true },
      ),
    ).toEqual([
      '| data set | ranker  |    MRR |',
      '| -------- | ------- | -----: |',
      '| IronClaw | default | 0.9000 |',
      '| ToolLens | bm25    |      - |',
    ]);
  });

  it('keeps padded columns at least three wide, and pads escaped cells by their escaped width', () => {
    expect(
      renderMarkdownTable(markdownColumns(['a', 'n'], 1), [['x|', '1']], { padded: true }),
    ).toEqual(['| a   |   n |', '| --- | --: |', '| x\\| |   1 |']);
  });
});
