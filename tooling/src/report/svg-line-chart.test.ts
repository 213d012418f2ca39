import { describe, expect, it } from 'vitest';
import { renderSvgLineChart, type SvgLineChartOptions } from './svg-line-chart.js';
import { expectWellFormedSvg } from './svg-well-formedness.case.js';

const options: SvgLineChartOptions = {
  title: 'Tokens by size',
  xLabel: 'tools',
  yLabel: 'tokens',
  series: [
    {
      name: 'off',
      points: [
        { x: 1000, y: 69_016 },
        { x: 10, y: 893 },
        { x: 100, y: 12_237 },
      ],
    },
    {
      name: 'namespaces',
      points: [
        { x: 10, y: 893 },
        { x: 100, y: 1181 },
        { x: 1000, y: 1233 },
      ],
    },
  ],
};

describe('renderSvgLineChart', () => {
  it('is deterministic: the same input gives the same bytes', () => {
    expect(renderSvgLineChart(options)).toBe(renderSvgLineChart(structuredClone(options)));
  });

  it('gives the legend the room it is asked for', () => {
    const svg = renderSvgLineChart({ ...options, width: 900, legendWidth: 300 });
    expect(svg).toContain('viewBox="0 0 900 460"');
    // The plot ends and the first legend line starts where the legend's room begins.
    expect(svg).toContain('<rect x="100" y="56" width="500" height="340"');
    expect(svg).toContain('<line x1="616" y1="68" x2="648" y2="68"');
  });

  it('is well-formed, with a viewBox, one polyline and legend entry per series, decade ticks', () => {
    const svg = renderSvgLineChart(options);
    expectWellFormedSvg(svg);
    expect(svg).toContain('viewBox="0 0 800 460"');
    expect(svg.match(/<polyline /g)).toHaveLength(2);
    expect(svg).toContain('>namespaces</text>');
    // x from 10 to 1,000, y from 100 to 100,000: whole decades.
    for (const tick of ['>10<', '>100<', '>1,000<', '>10,000<', '>100,000<']) {
      expect(svg).toContain(tick);
    }
    // Points are sorted by x: the off line rises left to right.
    const off = svg.match(/<polyline points="([^"]+)"/)?.[1]?.split(' ') ?? [];
    const xs = off.map((point) => Number(point.split(',')[0]));
    expect(xs).toEqual([...xs].sort((left, right) => left - right));
  });

  it('escapes <, &, " and > in the title, labels and series names', () => {
    const svg = renderSvgLineChart({
      ...options,
      title: 'a <b> & "c"',
      xLabel: 'x & <y>',
      series: [{ name: '"quoted" <&>', points: [{ x: 1, y: 1 }] }],
    });
    expectWellFormedSvg(svg);
    expect(svg).toContain('<title>a &lt;b&gt; &amp; &quot;c&quot;</title>');
    expect(svg).toContain('>x &amp; &lt;y&gt;</text>');
    expect(svg).toContain('>&quot;quoted&quot; &lt;&amp;&gt;</text>');
  });

  it('leaves out points a log axis cannot place and still renders without data', () => {
    const svg = renderSvgLineChart({
      ...options,
      series: [
        {
          name: 'bad',
          points: [
            { x: 0, y: 5 },
            { x: 10, y: -1 },
            { x: 10, y: Number.NaN },
          ],
        },
      ],
    });
    expectWellFormedSvg(svg);
    expect(svg).toContain('>no data</text>');
    expect(svg).not.toContain('<polyline');
  });
});
