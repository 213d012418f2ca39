/** A report rendered for people: Markdown for the terminal or docs, and SVG charts to write beside it. */
export interface RenderedReport {
  markdown: string;
  /** Each chart's file name (no directory) and its SVG text. */
  charts: readonly { fileName: string; svg: string }[];
}
