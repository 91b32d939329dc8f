import { Text, VisuallyHidden } from '@mantine/core';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import { useElementSize } from '@mantine/hooks';
import { DATE_TIME_LIST_FORMAT, type HealthColour } from '@rhc/domain';
import { useMemo } from 'react';
import { formatInstant } from '../../lib/dates.ts';
import classes from './line-chart.module.css';

/** A value range drawn as a shaded band with its level's tint (spec §9 colours). */
export interface ChartBand {
  from: number;
  to: number;
  colour: HealthColour;
}

export interface ChartPoint {
  time: number;
  value: number;
  colour: HealthColour;
}

const BAND_FILL: Record<HealthColour, string> = {
  green: 'rgba(47, 158, 68, 0.13)',
  yellow: 'rgba(245, 159, 0, 0.18)',
  red: 'rgba(224, 49, 49, 0.14)',
};
/** Point colours dark enough against the white and the tints (3:1 for graphics, WCAG 1.4.11). */
const POINT_FILL: Record<HealthColour, string> = { green: '#2b8a3e', yellow: '#b35c00', red: '#c92a2a' };
const LINE = '#1864ab';
const HEIGHT = 200;
const PAD = { top: 10, right: 12, bottom: 26, left: 40 };
const DAY_MS = 86_400_000;

/** About `count` round tick values covering [min, max]. */
function niceTicks(min: number, max: number, count: number): number[] {
  const span = max - min || 1;
  const raw = span / Math.max(1, count);
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? raw;
  const ticks: number[] = [];
  for (let v = Math.ceil(min / step) * step; v <= max + step * 1e-9; v += step) ticks.push(Math.round(v * 1000) / 1000);
  return ticks;
}

/**
 * A line chart in plain SVG (decision 023: no chart library, the app's size budget): values over time (the readings of
 * health monitoring, the alcohol estimate), the level bands shaded behind them, each point in its level's colour; days
 * and times in Vietnam's time, as the app's lists write them. Screen readers get the summary as the image's name and
 * the values as a table.
 */
export function LineChart({
  title,
  unit,
  points,
  bands,
  summary,
  format,
  labels,
  domain,
  timeFormat = 'DD-MM',
  minSpan = DAY_MS,
}: {
  /** The period shown on the time axis (ms), e.g. the analysis's from..to; the points' own span when absent. */
  domain?: { start: number; end: number };
  /** How the time axis writes its ticks (a lib/dates format): days by default, 'HH:mm' for hours. */
  timeFormat?: string;
  /** Points closer in time than this (ms) get half of it added on each side: a day by default; 0 never widens. */
  minSpan?: number;
  title: string;
  unit: string;
  points: ChartPoint[];
  bands: ChartBand[];
  summary: string;
  format: (value: number) => string;
  labels: { time: string; level: Record<HealthColour, string> };
}) {
  const { ref, width } = useElementSize();
  const chartWidth = Math.max(260, Math.round(width || 600));
  const innerWidth = chartWidth - PAD.left - PAD.right;
  const innerHeight = HEIGHT - PAD.top - PAD.bottom;

  const geometry = useMemo(() => {
    const times = points.map((p) => p.time);
    let t0 = domain ? Math.min(domain.start, ...times) : Math.min(...times);
    let t1 = domain ? Math.max(domain.end, ...times) : Math.max(...times);
    if (t1 - t0 < minSpan) {
      t0 -= minSpan / 2;
      t1 += minSpan / 2;
    }
    const values = points.map((p) => p.value);
    const lo = Math.min(...values);
    const hi = Math.max(...values);
    const margin = Math.max((hi - lo) * 0.15, Math.abs(hi) * 0.05, 1);
    const yMin = Math.max(0, lo - margin);
    const yMax = hi + margin;
    const x = (time: number) => PAD.left + ((time - t0) / (t1 - t0)) * innerWidth;
    const y = (value: number) => PAD.top + (1 - (value - yMin) / (yMax - yMin)) * innerHeight;
    const xCount = Math.max(2, Math.min(6, Math.floor(innerWidth / 80)));
    const xTicks = Array.from({ length: xCount }, (_, i) => t0 + ((t1 - t0) * i) / (xCount - 1));
    return { x, y, yMin, yMax, yTicks: niceTicks(yMin, yMax, 4), xTicks };
  }, [points, innerWidth, innerHeight, domain, minSpan]);

  const { x, y, yMin, yMax, yTicks, xTicks } = geometry;
  const line = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(p.time).toFixed(1)},${y(p.value).toFixed(1)}`).join(' ');

  return (
    <figure className={classes.chart} ref={ref}>
      <Text component="figcaption" fw={600} size="sm" mb={4}>
        {title} ({unit})
      </Text>
      <svg width={chartWidth} height={HEIGHT} viewBox={`0 0 ${chartWidth} ${HEIGHT}`} role="img" aria-label={summary}>
        {bands.map((band) => {
          const top = Math.min(yMax, band.to);
          const bottom = Math.max(yMin, band.from);
          if (top <= bottom) return null;
          return (
            <rect
              key={`${band.from}-${band.to}`}
              x={PAD.left}
              width={innerWidth}
              y={y(top)}
              height={y(bottom) - y(top)}
              fill={BAND_FILL[band.colour]}
            />
          );
        })}
        {yTicks.map((tick) => (
          <g key={`y${tick}`}>
            <line x1={PAD.left} x2={PAD.left + innerWidth} y1={y(tick)} y2={y(tick)} stroke="#dee2e6" strokeWidth={1} />
            <text className={classes.axis} x={PAD.left - 6} y={y(tick)} dy="0.32em" textAnchor="end">
              {format(tick)}
            </text>
          </g>
        ))}
        {xTicks.map((tick, i) => (
          <text
            key={`x${tick}`}
            className={classes.axis}
            x={x(tick)}
            y={HEIGHT - 8}
            textAnchor={i === 0 ? 'start' : i === xTicks.length - 1 ? 'end' : 'middle'}
          >
            {formatInstant(new Date(tick), timeFormat)}
          </text>
        ))}
        <line x1={PAD.left} x2={PAD.left + innerWidth} y1={PAD.top + innerHeight} y2={PAD.top + innerHeight} stroke="#868e96" />
        <path d={line} fill="none" stroke={LINE} strokeWidth={2} strokeLinejoin="round" />
        {points.map((p, i) => (
          <circle key={i} cx={x(p.time)} cy={y(p.value)} r={4} fill={POINT_FILL[p.colour]} stroke="#fff" strokeWidth={1.5} />
        ))}
      </svg>
      <VisuallyHidden>
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{labels.time}</th>
              <th scope="col">
                {title} ({unit})
              </th>
            </tr>
          </thead>
          <tbody>
            {points.map((p, i) => (
              <tr key={i}>
                <td>{formatInstant(new Date(p.time), DATE_TIME_LIST_FORMAT)}</td>
                <td>
                  {format(p.value)} – {labels.level[p.colour]}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </figure>
  );
}
