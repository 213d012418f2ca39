import { escapeXml } from './escape-xml.js';
import { formatCount } from './format-count.js';
import { CHART_COLORS, CHART_FONT, svgNumber } from './svg-style.js';

/** One line of a line chart: a name for the legend and its points. */
export interface LineSeries {
  name: string;
  points: readonly { x: number; y: number }[];
}

export interface SvgLineChartOptions {
  title: string;
  xLabel: string;
  yLabel: string;
  /** Drawn in order, one colour, dash pattern and marker each; points are sorted by x. */
  series: readonly LineSeries[];
  /** @default 800 */
  width?: number;
  /** @default 460 */
  height?: number;
  /** Room on the right for the legend's lines and names. @default 200 */
  legendWidth?: number;
}

const dashes = ['', '8 4', '2 4', '12 4 2 4', '4 4', '16 6'];

/**
 * Renders a line chart with logarithmic x and y axes as a standalone SVG. Points
 * that are not positive finite numbers cannot be placed on a log axis and are left
 * out. The output depends only on the options: same input, same bytes.
 *
 * @example
 * renderSvgLineChart({ title: 'Tokens', xLabel: 'tools', yLabel: 'tokens',
 *   series: [{ name: 'off', points: [{ x: 10, y: 893 }, { x: 1000, y: 69016 }] }] });
 */
export function renderSvgLineChart({
  title,
  xLabel,
  yLabel,
  series,
  width = 800,
  height = 460,
  legendWidth = 200,
}: SvgLineChartOptions): string {
  const plotted = series.map((line) => ({
    name: line.name,
    points: line.points
      .filter((point) => isPositive(point.x) && isPositive(point.y))
      .sort((left, right) => left.x - right.x),
  }));
  const all = plotted.flatMap((line) => line.points);
  const left = 100;
  const right = width - legendWidth;
  const top = 56;
  const bottom = height - 64;
  const xDecades = decades(all.map((point) => point.x));
  const yDecades = decades(all.map((point) => point.y));
  const xAt = (x: number) => scale(Math.log10(x), xDecades, left, right);
  const yAt = (y: number) => scale(Math.log10(y), yDecades, bottom, top);

  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" font-family="${CHART_FONT}" font-size="13">`,
    `<title>${escapeXml(title)}</title>`,
    `<rect x="0" y="0" width="${width}" height="${height}" fill="#ffffff"/>`,
    `<text x="${svgNumber(width / 2)}" y="28" text-anchor="middle" font-size="17" font-weight="600" fill="#111111">${escapeXml(title)}</text>`,
  ];
  for (let decade = xDecades.low; decade <= xDecades.high; decade += 1) {
    const x = svgNumber(scale(decade, xDecades, left, right));
    parts.push(
      `<line x1="${x}" y1="${top}" x2="${x}" y2="${bottom}" stroke="#e3e3e3"/>`,
      `<text x="${x}" y="${bottom + 20}" text-anchor="middle" fill="#333333">${formatCount(10 ** decade)}</text>`,
    );
  }
  for (let decade = yDecades.low; decade <= yDecades.high; decade += 1) {
    const y = svgNumber(scale(decade, yDecades, bottom, top));
    parts.push(
      `<line x1="${left}" y1="${y}" x2="${right}" y2="${y}" stroke="#e3e3e3"/>`,
      `<text x="${left - 8}" y="${y}" text-anchor="end" dominant-baseline="middle" fill="#333333">${formatCount(10 ** decade)}</text>`,
    );
  }
  parts.push(
    `<rect x="${left}" y="${top}" width="${right - left}" height="${bottom - top}" fill="none" stroke="#888888"/>`,
    `<text x="${svgNumber((left + right) / 2)}" y="${height - 18}" text-anchor="middle" fill="#111111">${escapeXml(xLabel)}</text>`,
    `<text x="18" y="${svgNumber((top + bottom) / 2)}" text-anchor="middle" fill="#111111" transform="rotate(-90 18 ${svgNumber((top + bottom) / 2)})">${escapeXml(yLabel)}</text>`,
  );
  if (all.length === 0) {
    parts.push(
      `<text x="${svgNumber((left + right) / 2)}" y="${svgNumber((top + bottom) / 2)}" text-anchor="middle" fill="#666666">no data</text>`,
    );
  }
  plotted.forEach((line, index) => {
    const color = CHART_COLORS[index % CHART_COLORS.length] as string;
    const dash = dashes[index % dashes.length] as string;
    const dashAttribute = dash === '' ? '' : ` stroke-dasharray="${dash}"`;
    if (line.points.length > 1) {
      const path = line.points
        .map((point) => `${svgNumber(xAt(point.x))},${svgNumber(yAt(point.y))}`)
        .join(' ');
      parts.push(
        `<polyline points="${path}" fill="none" stroke="${color}" stroke-width="2.5"${dashAttribute}/>`,
      );
    }
    for (const point of line.points) {
      parts.push(marker(index, xAt(point.x), yAt(point.y), color));
    }
    const legendY = top + 12 + index * 24;
    parts.push(
      `<line x1="${right + 16}" y1="${legendY}" x2="${right + 48}" y2="${legendY}" stroke="${color}" stroke-width="2.5"${dashAttribute}/>`,
      marker(index, right + 32, legendY, color),
      `<text x="${right + 56}" y="${legendY}" dominant-baseline="middle" fill="#111111">${escapeXml(line.name)}</text>`,
    );
  });
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}

function isPositive(value: number): boolean {
  return Number.isFinite(value) && value > 0;
}

/** The whole powers of ten around the values: the axis range in log10 units. */
function decades(values: readonly number[]): { low: number; high: number } {
  if (values.length === 0) return { low: 0, high: 1 };
  const low = Math.floor(Math.log10(Math.min(...values)));
  const high = Math.ceil(Math.log10(Math.max(...values)));
  return { low, high: high > low ? high : low + 1 };
}

function scale(
  value: number,
  range: { low: number; high: number },
  from: number,
  to: number,
): number {
  return from + ((value - range.low) / (range.high - range.low)) * (to - from);
}

/** A distinct marker shape per series, so overlapping lines stay distinguishable. */
function marker(index: number, x: number, y: number, color: string): string {
  const shape = index % 4;
  if (shape === 0) {
    return `<circle cx="${svgNumber(x)}" cy="${svgNumber(y)}" r="4" fill="${color}"/>`;
  }
  if (shape === 1) {
    return `<rect x="${svgNumber(x - 4)}" y="${svgNumber(y - 4)}" width="8" height="8" fill="${color}"/>`;
  }
  if (shape === 2) {
    return `<polygon points="${svgNumber(x)},${svgNumber(y - 5)} ${svgNumber(x + 5)},${svgNumber(y + 4)} ${svgNumber(x - 5)},${svgNumber(y + 4)}" fill="${color}"/>`;
  }
  return `<polygon points="${svgNumber(x)},${svgNumber(y - 5)} ${svgNumber(x + 5)},${svgNumber(y)} ${svgNumber(x)},${svgNumber(y + 5)} ${svgNumber(x - 5)},${svgNumber(y)}" fill="none" stroke="${color}" stroke-width="2"/>`;
}
