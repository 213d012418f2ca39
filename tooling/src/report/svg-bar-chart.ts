import { escapeXml } from './escape-xml.js';
import { CHART_COLORS, CHART_FONT, svgNumber } from './svg-style.js';

/** One group of bars on the x axis, with one value per series (null: not measured). */
export interface BarGroup {
  label: string;
  values: readonly (number | null)[];
}

export interface SvgBarChartOptions {
  title: string;
  /** Shown under the title, e.g. what the data is and is not; omitted when empty. @default '' */
  subtitle?: string;
  xLabel: string;
  yLabel: string;
  /** The legend names of the bars within each group, in order. */
  seriesNames: readonly string[];
  groups: readonly BarGroup[];
  /** The top of the y axis; the bottom is 0. */
  yMax: number;
  /** Formats y-axis tick values and the labels above bars. @default String */
  formatValue?: (value: number) => string;
  /** @default 760 */
  width?: number;
  /** @default 460 */
  height?: number;
}

/**
 * Renders a grouped bar chart as a standalone SVG, with five y-axis ticks from 0
 * to `yMax`, a value above each bar and a legend. Values that are not finite are
 * left out and shown as "n/a". The output depends only on the options.
 *
 * @example
 * renderSvgBarChart({ title: 'Completion', xLabel: 'arm', yLabel: 'completed',
 *   seriesNames: ['100 tools'], groups: [{ label: 'off', values: [1] }], yMax: 1 });
 */
export function renderSvgBarChart({
  title,
  subtitle = '',
  xLabel,
  yLabel,
  seriesNames,
  groups,
  yMax,
  formatValue = String,
  width = 760,
  height = 460,
}: SvgBarChartOptions): string {
  const legendWidth = 150;
  const left = 72;
  const right = width - legendWidth;
  const top = subtitle === '' ? 56 : 72;
  const bottom = height - 64;
  const yTop = Number.isFinite(yMax) && yMax > 0 ? yMax : 1;
  const yAt = (value: number) =>
    bottom - (Math.min(Math.max(value, 0), yTop) / yTop) * (bottom - top);

  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" font-family="${CHART_FONT}" font-size="13">`,
    `<title>${escapeXml(title)}</title>`,
    `<rect x="0" y="0" width="${width}" height="${height}" fill="#ffffff"/>`,
    `<text x="${svgNumber(width / 2)}" y="28" text-anchor="middle" font-size="17" font-weight="600" fill="#111111">${escapeXml(title)}</text>`,
  ];
  if (subtitle !== '') {
    parts.push(
      `<text x="${svgNumber(width / 2)}" y="50" text-anchor="middle" fill="#555555">${escapeXml(subtitle)}</text>`,
    );
  }
  for (let tick = 0; tick <= 4; tick += 1) {
    const value = (yTop * tick) / 4;
    const y = svgNumber(yAt(value));
    parts.push(
      `<line x1="${left}" y1="${y}" x2="${right}" y2="${y}" stroke="#e3e3e3"/>`,
      `<text x="${left - 8}" y="${y}" text-anchor="end" dominant-baseline="middle" fill="#333333">${escapeXml(formatValue(value))}</text>`,
    );
  }
  const groupWidth = groups.length === 0 ? right - left : (right - left) / groups.length;
  const barWidth = (groupWidth * 0.8) / Math.max(seriesNames.length, 1);
  groups.forEach((group, groupIndex) => {
    const groupLeft = left + groupIndex * groupWidth + groupWidth * 0.1;
    seriesNames.forEach((_, seriesIndex) => {
      const value = group.values[seriesIndex];
      const x = groupLeft + seriesIndex * barWidth;
      const center = svgNumber(x + barWidth / 2);
      if (value === null || value === undefined || !Number.isFinite(value)) {
        parts.push(
          `<text x="${center}" y="${bottom - 6}" text-anchor="middle" font-size="11" fill="#666666">n/a</text>`,
        );
        return;
      }
      const color = CHART_COLORS[seriesIndex % CHART_COLORS.length] as string;
      const y = yAt(value);
      parts.push(
        `<rect x="${svgNumber(x + 1)}" y="${svgNumber(y)}" width="${svgNumber(Math.max(barWidth - 2, 1))}" height="${svgNumber(bottom - y)}" fill="${color}"/>`,
        `<text x="${center}" y="${svgNumber(y - 5)}" text-anchor="middle" font-size="11" fill="#333333">${escapeXml(formatValue(value))}</text>`,
      );
    });
    parts.push(
      `<text x="${svgNumber(left + (groupIndex + 0.5) * groupWidth)}" y="${bottom + 20}" text-anchor="middle" fill="#333333">${escapeXml(group.label)}</text>`,
    );
  });
  if (groups.length === 0) {
    parts.push(
      `<text x="${svgNumber((left + right) / 2)}" y="${svgNumber((top + bottom) / 2)}" text-anchor="middle" fill="#666666">no data</text>`,
    );
  }
  parts.push(
    `<line x1="${left}" y1="${bottom}" x2="${right}" y2="${bottom}" stroke="#888888"/>`,
    `<line x1="${left}" y1="${top}" x2="${left}" y2="${bottom}" stroke="#888888"/>`,
    `<text x="${svgNumber((left + right) / 2)}" y="${height - 18}" text-anchor="middle" fill="#111111">${escapeXml(xLabel)}</text>`,
    `<text x="20" y="${svgNumber((top + bottom) / 2)}" text-anchor="middle" fill="#111111" transform="rotate(-90 20 ${svgNumber((top + bottom) / 2)})">${escapeXml(yLabel)}</text>`,
  );
  seriesNames.forEach((name, index) => {
    const color = CHART_COLORS[index % CHART_COLORS.length] as string;
    const legendY = top + 12 + index * 24;
    parts.push(
      `<rect x="${right + 16}" y="${legendY - 7}" width="14" height="14" fill="${color}"/>`,
      `<text x="${right + 38}" y="${legendY}" dominant-baseline="middle" fill="#111111">${escapeXml(name)}</text>`,
    );
  });
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}
