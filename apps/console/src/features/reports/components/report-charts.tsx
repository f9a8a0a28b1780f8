import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { shortDay } from '../report-format';

/**
 * The report charts, on Recharts (DESIGN.md). Loaded lazily (lazy-charts.tsx): the page's
 * filters and tables show first, and the chart library follows.
 */
export type ChartSeries = { key: string; label: string; color: string };
export type ChartRow = Record<string, string | number | null>;

const AXIS = { fontSize: 11, fill: '#495057' };
const HEIGHT = 240;

/** Bars per day (stacked when asked), e.g. orders by state, follow-ups, revenue. */
export function DayBarsChart({
  rows,
  series,
  stacked = false,
  unit,
}: {
  rows: readonly ChartRow[];
  series: readonly ChartSeries[];
  stacked?: boolean;
  unit?: string;
}) {
  return (
    <ResponsiveContainer width="100%" height={HEIGHT}>
      <BarChart data={[...rows]} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="date" tickFormatter={shortDay} tick={AXIS} minTickGap={12} />
        <YAxis tick={AXIS} allowDecimals={false} width={56} unit={unit} />
        <Tooltip labelFormatter={(d) => shortDay(String(d))} />
        {series.length > 1 && <Legend wrapperStyle={{ fontSize: 12 }} />}
        {series.map((s) => (
          <Bar
            key={s.key}
            dataKey={s.key}
            name={s.label}
            fill={s.color}
            stackId={stacked ? 'day' : undefined}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}

/** Lines per day, e.g. on-time percentages, median minutes, average stars. */
export function DayLinesChart({
  rows,
  series,
  domain,
  unit,
}: {
  rows: readonly ChartRow[];
  series: readonly ChartSeries[];
  domain?: [number, number];
  unit?: string;
}) {
  return (
    <ResponsiveContainer width="100%" height={HEIGHT}>
      <LineChart data={[...rows]} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="date" tickFormatter={shortDay} tick={AXIS} minTickGap={12} />
        <YAxis tick={AXIS} domain={domain} width={56} unit={unit} />
        <Tooltip labelFormatter={(d) => shortDay(String(d))} />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        {series.map((s) => (
          <Line
            key={s.key}
            dataKey={s.key}
            name={s.label}
            stroke={s.color}
            strokeWidth={2}
            dot={rows.length <= 31}
            connectNulls={false}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </ResponsiveContainer>
  );
}

/** Horizontal bars per category, e.g. reasons or riders, largest first as given. */
export function CategoryBarsChart({
  rows,
  category,
  series,
}: {
  rows: readonly ChartRow[];
  category: string;
  series: readonly ChartSeries[];
}) {
  const height = Math.max(120, rows.length * 26 + 40);
  return (
    <ResponsiveContainer width="100%" height={height}>
      <BarChart
        data={[...rows]}
        layout="vertical"
        margin={{ top: 4, right: 16, left: 8, bottom: 0 }}
      >
        <CartesianGrid strokeDasharray="3 3" horizontal={false} />
        <XAxis type="number" tick={AXIS} allowDecimals={false} />
        <YAxis type="category" dataKey={category} tick={AXIS} width={180} interval={0} />
        <Tooltip />
        {series.length > 1 && <Legend wrapperStyle={{ fontSize: 12 }} />}
        {series.map((s) => (
          <Bar
            key={s.key}
            dataKey={s.key}
            name={s.label}
            fill={s.color}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}
