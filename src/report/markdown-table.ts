/** A column of a Markdown table: its header and alignment. */
export interface MarkdownColumn {
  header: string;
  /** @default 'left' */
  align?: 'left' | 'right';
}

/**
 * Renders a GitHub-flavoured Markdown table; `|`, backslashes and line breaks in
 * cells are escaped so a cell can never split the row.
 */
export function renderMarkdownTable(
  columns: readonly MarkdownColumn[],
  rows: readonly (readonly string[])[],
): string[] {
  const line = (cells: readonly string[]) => `| ${cells.map(escapeCell).join(' | ')} |`;
  return [
    line(columns.map((column) => column.header)),
    `|${columns.map((column) => (column.align === 'right' ? '---:' : '---')).join('|')}|`,
    ...rows.map((row) => line(columns.map((_, index) => row[index] ?? ''))),
  ];
}

function escapeCell(cell: string): string {
  return cell.replaceAll('\\', '\\\\').replaceAll('|', '\\|').replace(/\r?\n/g, ' ');
}
