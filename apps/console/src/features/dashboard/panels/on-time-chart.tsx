import type { OnTimeRate } from '@dastak/core/entities/lookups';
import { formatPercent } from '@dastak/core/rules/on-time';
import { onTimeRangeDates } from './dashboard-today';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** 'dd MMM' of a yyyy-MM-dd date, read as written (it is already a Karachi date). */
const dayLabel = (date: string) => `${date.slice(8, 10)} ${MONTHS[Number(date.slice(5, 7)) - 1]}`;

const WIDTH = 420;
const HEIGHT = 180;
const PAD = { top: 18, right: 8, bottom: 22, left: 30 };
const PLOT_W = WIDTH - PAD.left - PAD.right;
const PLOT_H = HEIGHT - PAD.top - PAD.bottom;
const GRID = [0, 25, 50, 75, 100];

/**
 * The on-time rate of the last 7 days as plain SVG bars: seven bars need no chart library (the
 * dashboard's first download stays small, docs/decisions/0028). A day the server did not return
 * has no bar and reads 'no data', never a made-up 0.
 */
export function OnTimeChart({ rates, today }: { rates: readonly OnTimeRate[]; today: string }) {
  const byDate = new Map(rates.map((r) => [r.date, r.percentageOnTimeCollections]));
  const dates = onTimeRangeDates(today);
  const slot = PLOT_W / dates.length;
  const barW = slot * 0.6;
  const y = (pct: number) => PAD.top + PLOT_H - (Math.min(100, Math.max(0, pct)) / 100) * PLOT_H;
  const summary = dates
    .map((d) => {
      const v = byDate.get(d);
      return `${dayLabel(d)} ${v === undefined ? 'no data' : `${formatPercent(v)}%`}`;
    })
    .join(', ');
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width="100%"
      role="img"
      aria-label={`On-time collections, last 7 days: ${summary}`}
      style={{ display: 'block', maxHeight: 200 }}
    >
      {GRID.map((g) => (
        <g key={g}>
          <line
            x1={PAD.left}
            x2={WIDTH - PAD.right}
            y1={y(g)}
            y2={y(g)}
            stroke="#dee2e6"
            strokeWidth={1}
          />
          <text x={PAD.left - 4} y={y(g) + 3} fontSize={9} textAnchor="end" fill="#495057">
            {g}%
          </text>
        </g>
      ))}
      {dates.map((date, i) => {
        const value = byDate.get(date);
        const x = PAD.left + i * slot + (slot - barW) / 2;
        const center = x + barW / 2;
        return (
          <g key={date} data-testid="on-time-bar" data-date={date} data-value={value ?? ''}>
            {value !== undefined && (
              <rect x={x} y={y(value)} width={barW} height={y(0) - y(value)} fill="#1c7ed6" rx={2}>
                <title>{`${dayLabel(date)}: ${formatPercent(value)}%`}</title>
              </rect>
            )}
            <text
              x={center}
              y={value === undefined ? y(0) - 4 : y(value) - 4}
              fontSize={9}
              textAnchor="middle"
              fill={value === undefined ? '#868e96' : '#212529'}
            >
              {value === undefined ? 'no data' : `${Math.round(value)}%`}
            </text>
            <text x={center} y={HEIGHT - 6} fontSize={9} textAnchor="middle" fill="#495057">
              {dayLabel(date)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
