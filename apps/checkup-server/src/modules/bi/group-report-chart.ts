import type { Content, TableCell } from 'pdfmake/interfaces';

/** One bar of a chart: its label and the parts stacked in it (男 and 女). */
export interface Bar {
  label: string;
  parts: readonly number[];
}

const COLORS = ['#1677ff', '#eb2f96', '#52c41a'];
const BAR_WIDTH = 300;
const BAR_HEIGHT = 10;

/**
 * A horizontal stacked bar chart drawn as pdfmake vector canvas, one table row per bar (label, bar,
 * total), so the labels are text in the document's font: no browser and no image.
 */
export function barChart(title: string, bars: readonly Bar[], legend: readonly string[]): Content {
  const max = Math.max(1, ...bars.map((b) => b.parts.reduce((a, n) => a + n, 0)));
  const row = (bar: Bar): TableCell[] => {
    let x = 0;
    const rects = bar.parts.map((n, i) => {
      const w = (n / max) * BAR_WIDTH;
      const rect = { type: 'rect' as const, x, y: 0, w, h: BAR_HEIGHT, color: COLORS[i % COLORS.length]! };
      x += w;
      return rect;
    });
    return [
      { text: bar.label, fontSize: 8 },
      { canvas: rects.filter((r) => r.w > 0) },
      { text: String(bar.parts.reduce((a, n) => a + n, 0)), fontSize: 8, alignment: 'right' },
    ];
  };
  return {
    stack: [
      { text: title, bold: true, margin: [0, 6, 0, 2] },
      {
        text: legend.flatMap((name, i) => [{ text: '■ ', color: COLORS[i % COLORS.length] }, `${name}  `]),
        fontSize: 8,
        margin: [0, 0, 0, 2],
      },
      {
        table: { widths: [90, BAR_WIDTH, 40], body: bars.length ? bars.map(row) : [['无数据', '', '']] },
        layout: 'noBorders',
      },
    ],
    unbreakable: bars.length <= 20,
  };
}
