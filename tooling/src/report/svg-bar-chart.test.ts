import { describe, expect, it } from 'vitest';
import { renderSvgBarChart, type SvgBarChartOptions } from './svg-bar-chart.js';
import { expectWellFormedSvg } from './svg-well-formedness.case.js';

const options: SvgBarChartOptions = {
  title: 'Completion',
  subtitle: 'scripted',
  xLabel: 'arm',
  yLabel: 'completed',
  seriesNames: ['100 tools', '1,000 tools'],
  groups: [
    { label: 'off', values: [1, 0.5] },
    { label: 'namespaces', values: [1, null] },
  ],
  yMax: 1,
  formatValue: (value) => `${Math.round(value * 100)}%`,
};

describe('renderSvgBarChart', () => {
  it('is deterministic: the same input gives the same bytes', () => {
    expect(renderSvgBarChart(options)).toBe(renderSvgBarChart({ ...options }));
  });

  it('is well-formed, with one bar per measured value and n/a for the others', () => {
    const svg = renderSvgBarChart(options);
    expectWellFormedSvg(svg);
    expect(svg).toContain('viewBox="0 0 760 460"');
    // 3 bars and 2 legend swatches (plus the background).
    expect(svg.match(/<rect /g)).toHaveLength(1 + 3 + 2);
    expect(svg).toContain('>n/a</text>');
    expect(svg).toContain('>50%</text>');
    expect(svg).toContain('>scripted</text>');
    for (const tick of ['>0%<', '>25%<', '>75%<', '>100%<']) expect(svg).toContain(tick);
  });

  it('escapes <, &, " and > in the title, group labels and series names', () => {
    const svg = renderSvgBarChart({
      ...options,
      title: '<x> & "y"',
      seriesNames: ['a & b'],
      groups: [{ label: '<arm>', values: [0.25] }],
    });
    expectWellFormedSvg(svg);
    expect(svg).toContain('<title>&lt;x&gt; &amp; &quot;y&quot;</title>');
    expect(svg).toContain('>a &amp; b</text>');
    expect(svg).toContain('>&lt;arm&gt;</text>');
  });

  it('renders without groups and with a degenerate yMax', () => {
    const svg = renderSvgBarChart({ ...options, groups: [], yMax: 0, subtitle: '' });
    expectWellFormedSvg(svg);
    expect(svg).toContain('>no data</text>');
  });
});
