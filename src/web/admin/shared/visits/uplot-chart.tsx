/**
 * A line chart drawn by uPlot (a small, maintained canvas chart library), loaded with its stylesheet only when a
 * chart first shows, so neither the storefront nor the admin's first load carries it. The x axis is the days given
 * (labels), one series per line. The canvas is decorative to assistive technology: `label` names it and the caller
 * shows the same figures as text or a table.
 */
import { useEffect, useRef } from 'react';
import type uPlot from 'uplot';
import './visits.css';

export interface ChartSeries {
  label: string;
  values: number[];
  /** A colour with AA contrast on white. */
  color: string;
}

/** A responsive chart; `sparkline` hides axes, legend and cursor (the dashboard's tile). */
export function UplotChart({
  labels,
  series,
  height = 240,
  sparkline = false,
  label,
  xLabel,
}: {
  labels: string[];
  /** The legend's name of the x value (the day). */
  xLabel: string;
  series: ChartSeries[];
  height?: number;
  sparkline?: boolean;
  label: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let chart: uPlot | null = null;
    let gone = false;
    let observer: ResizeObserver | null = null;
    void Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(([{ default: UPlot }]) => {
      if (gone) return;
      const xs = labels.map((_, i) => i);
      const opts: uPlot.Options = {
        width: Math.max(el.clientWidth, 120),
        height,
        legend: { show: !sparkline },
        cursor: { show: !sparkline, drag: { x: false, y: false } },
        scales: { x: { time: false } },
        axes: sparkline
          ? [{ show: false }, { show: false }]
          : [
              {
                values: (_u, splits) => splits.map((i) => labels[i] ?? ''),
                stroke: '#374151',
                grid: { stroke: '#e5e7eb' },
              },
              { stroke: '#374151', grid: { stroke: '#e5e7eb' }, values: (_u, splits) => splits.map(String) },
            ],
        series: [
          { label: xLabel, value: (_u, v) => (v == null ? '' : (labels[v] ?? '')) },
          ...series.map((s) => ({
            label: s.label,
            stroke: s.color,
            width: 2,
            fill: sparkline ? `${s.color}22` : undefined,
            points: { show: !sparkline && labels.length <= 31 },
          })),
        ],
      };
      chart = new UPlot(opts, [xs, ...series.map((s) => s.values)], el);
      observer = new ResizeObserver(() => chart?.setSize({ width: Math.max(el.clientWidth, 120), height }));
      observer.observe(el);
    });
    return () => {
      gone = true;
      observer?.disconnect();
      chart?.destroy();
    };
  }, [labels, series, height, sparkline, xLabel]);
  return <div ref={box} className="uplot-box" role="img" aria-label={label} style={{ minHeight: height }} />;
}
