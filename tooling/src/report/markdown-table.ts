/** A column of a Markdown table: its header and alignment. */
export interface MarkdownColumn {
  header: string;
  /** @default 'left' */
  align?: 'left' | 'right';
}

/**
 * Renders a GitHub-flavoured Markdown table; `|`, backslashes and line breaks in cells are
 * escaped so a cell can never split the row. `padded` pads every column to its widest cell (at
 * least three), for tables people read as text; otherwise cells are written as they are.
 */
export function renderMarkdownTable(
  columns: readonly MarkdownColumn[],
  rows: readonly (readonly string[])[],
  { padded = false }: { padded?: boolean } = {},
): string[] {
  const right = (column: number) => columns[column]?.align === 'right';
  const cells = [
    columns.map((column) => escapeCell(column.header)),
    ...rows.map((row) => columns.map((_, index) => escapeCell(row[index] ?? ''))),
  ];
  if (!padded) {
    const line = (row: readonly string[]) => `| ${row.join(' | ')} |`;
    const rule = `|${columns.map((_, column) => (right(column) ? '---:' : '---')).join('|')}|`;
    const [header = [], ...body] = cells;
    return [line(header), rule, ...body.map(line)];
  }
  const widths = columns.map((_, column) =>
    Math.max(3, ...cells.map((row) => (row[column] as string).length)),
  );
  const line = (row: readonly string[]) =>
    `| ${row
      .map((cell, column) =>
        right(column)
          ? cell.padStart(widths[column] as number)
          : cell.padEnd(widths[column] as number),
      )
      .join(' | ')} |`;
  const rule = `| ${widths
    .map((width, column) => (right(column) ? `${'-'.repeat(width - 1)}:` : '-'.repeat(width)))
    .join(' | ')} |`;
  const [header = [], ...body] = cells;
  return [line(header), rule, ...body.map(line)];
}

/** Columns named `headers`: the first `textColumns` left-aligned, the rest (figures) right. */
export function markdownColumns(headers: readonly string[], textColumns: number): MarkdownColumn[] {
  return headers.map((header, column) =>
    column < textColumns ? { header } : { header, align: 'right' },
  );
}

function escapeCell(cell: string): string {
  return cell.replaceAll('\\', '\\\\').replaceAll('|', '\\|').replace(/\r?\n/g, ' ');
}
