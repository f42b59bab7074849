import { useEffect, useRef } from 'react';
import { Card } from 'antd';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { AriaComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

// Only what the charts use (echarts/core): the statistics screens share this chunk.
echarts.use([
  BarChart,
  LineChart,
  PieChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  AriaComponent,
  SVGRenderer,
]);

export interface ChartSeries {
  name: string;
  data: readonly number[];
  /** Series with the same stack are drawn on top of each other (bar and line). */
  stack?: string;
}

export interface ChartCardProps {
  title: string;
  kind: 'bar' | 'line' | 'pie';
  /** The x axis of a bar or line chart; the slices of a pie. */
  categories: readonly string[];
  series: readonly ChartSeries[];
  height?: number;
  /** Colours of the series in order; the theme's when absent. */
  colors?: readonly string[];
}

/** The chart's option: axes and series for bar and line, the first series as slices for a pie. */
export function chartOption({ kind, categories, series, colors }: ChartCardProps): echarts.EChartsCoreOption {
  const common = {
    // An SVG with its own description, read by screen readers (echarts' aria component).
    aria: { enabled: true },
    tooltip: { trigger: kind === 'pie' ? 'item' : 'axis' },
    legend: { bottom: 0 },
    ...(colors ? { color: [...colors] } : {}),
  };
  if (kind === 'pie') {
    const [first] = series;
    return {
      ...common,
      series: [
        {
          type: 'pie',
          name: first?.name ?? '',
          radius: ['40%', '70%'],
          data: categories.map((name, i) => ({ name, value: first?.data[i] ?? 0 })),
        },
      ],
    };
  }
  return {
    ...common,
    grid: { left: 40, right: 16, top: 16, bottom: 48, containLabel: true },
    xAxis: {
      type: 'category',
      data: [...categories],
      axisLabel: { interval: 0, rotate: categories.length > 8 ? 30 : 0 },
    },
    yAxis: { type: 'value', minInterval: 1 },
    series: series.map((s) => ({ type: kind, name: s.name, data: [...s.data], stack: s.stack })),
  };
}

/** A card with one echarts chart (bar, line or pie), drawn as SVG and resized with its card. */
export function ChartCard(props: ChartCardProps) {
  const { title, height = 280 } = props;
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);

  useEffect(() => {
    if (!host.current) return;
    const instance = echarts.init(host.current, undefined, { renderer: 'svg' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(host.current);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(chartOption(props), { notMerge: true });
  }, [props]);

  return (
    <Card size="small" title={title}>
      {/* echarts writes its own description on the element it draws in; the figure keeps the title. */}
      <figure aria-label={title} style={{ margin: 0 }}>
        <div ref={host} style={{ width: '100%', height }} />
      </figure>
    </Card>
  );
}
