/** A Markdown table padded to aligned columns: the first `textColumns` left-aligned, the rest right. */
export function markdownTable(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  textColumns = 2,
): string[] {
  const isText = (column: number) => column < textColumns;
  const widths = header.map((cell, column) =>
    Math.max(3, cell.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: readonly string[]) =>
    `| ${cells
      .map((cell, column) =>
        isText(column)
          ? cell.padEnd(widths[column] as number)
          : cell.padStart(widths[column] as number),
      )
      .join(' | ')} |`;
  const rule = `| ${widths
    .map((width, column) => (isText(column) ? '-'.repeat(width) : `${'-'.repeat(width - 1)}:`))
    .join(' | ')} |`;
  return [line(header), rule, ...rows.map(line)];
}
