/** Colours of chart series, in order: the Okabe-Ito palette, readable with colour blindness. */
export const CHART_COLORS: readonly string[] = Object.freeze([
  '#0072B2',
  '#E69F00',
  '#009E73',
  '#CC79A7',
  '#D55E00',
  '#56B4E9',
  '#000000',
]);

/** The font stack of chart text. */
export const CHART_FONT = "system-ui, -apple-system, 'Segoe UI', Helvetica, Arial, sans-serif";

/** A coordinate with at most one decimal, without a trailing `.0`: stable across runs. */
export function svgNumber(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  return Object.is(rounded, -0) ? '0' : String(rounded);
}
