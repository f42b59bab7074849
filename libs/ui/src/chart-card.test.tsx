import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ChartCard, chartOption } from './chart-card.js';

describe('ChartCard', () => {
  const bars = {
    title: '各科室检查进度',
    kind: 'bar' as const,
    categories: ['内科', '检验科'],
    series: [
      { name: '待检', data: [3, 5], stack: 'p' },
      { name: '已签名', data: [7, 1], stack: 'p' },
    ],
  };

  it('draws a bar or line chart on the categories, each series stacked as asked, described for screen readers', () => {
    const option = chartOption(bars) as {
      aria: unknown;
      xAxis: { data: string[] };
      series: { type: string; stack?: string; data: number[] }[];
    };
    expect(option.aria).toEqual({ enabled: true });
    expect(option.xAxis.data).toEqual(['内科', '检验科']);
    expect(option.series).toEqual([
      { type: 'bar', name: '待检', data: [3, 5], stack: 'p' },
      { type: 'bar', name: '已签名', data: [7, 1], stack: 'p' },
    ]);
  });

  it('makes the first series the slices of a pie', () => {
    const option = chartOption({ ...bars, kind: 'pie' }) as { series: { type: string; data: unknown[] }[] };
    expect(option.series[0]).toMatchObject({
      type: 'pie',
      data: [
        { name: '内科', value: 3 },
        { name: '检验科', value: 5 },
      ],
    });
  });

  it('renders an SVG chart inside a card named by its title', () => {
    render(<ChartCard {...bars} />);
    expect(screen.getByText('各科室检查进度')).toBeTruthy();
    expect(screen.getByRole('figure', { name: '各科室检查进度' }).querySelector('svg')).not.toBeNull();
  });
});
