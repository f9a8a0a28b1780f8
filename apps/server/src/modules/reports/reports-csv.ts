import type { ReportKind } from '@dastak/core/entities/reports';
import { ORDER_STATE_LABELS, ORDER_STATES } from '@dastak/core/states';
import { csvLine } from '../../lib/csv';

/**
 * Each report's table as CSV (lib/csv.ts: formula starts made harmless), one record per row of
 * the table the console shows under the chart, with a header record.
 */

// biome-ignore lint/suspicious/noExplicitAny: each report's own answer, read by its kind
type Answer = any;
const text = (v: number | string | null | undefined) =>
  v === null || v === undefined ? '' : String(v);

const TABLES: Record<
  ReportKind,
  { header: string[]; rows: (a: Answer) => (string | number | null)[][] }
> = {
  'orders-by-day': {
    header: ['Date', 'Total', ...ORDER_STATES.map((s) => ORDER_STATE_LABELS[s])],
    rows: (a) =>
      a.map((d: Answer) => [d.date, d.total, ...ORDER_STATES.map((s) => d.byState[s] ?? 0)]),
  },
  'on-time-by-day': {
    header: ['Date', 'Due', 'Reached on time', 'Collected on time', 'Reached %', 'Collected %'],
    rows: (a) =>
      a.map((d: Answer) => [
        d.date,
        d.due,
        d.reachedOnTime,
        d.collectedOnTime,
        d.reachedPercentage,
        d.collectedPercentage,
      ]),
  },
  timings: {
    header: [
      'Date',
      'Booking to assignment (median minutes)',
      'Assignment to reached (median minutes)',
    ],
    rows: (a) =>
      a.byDay.map((d: Answer) => [
        d.date,
        d.bookingToAssignmentMedianMinutes,
        d.assignmentToReachedMedianMinutes,
      ]),
  },
  reasons: {
    header: ['Kind', 'Reason', 'Count'],
    rows: (a) => [
      ...a.cancellations.map((r: Answer) => ['Cancellation', r.reason, r.count]),
      ...a.reschedules.map((r: Answer) => ['Reschedule', r.reason, r.count]),
    ],
  },
  'follow-ups': {
    header: ['Date', 'Orders', 'Follow-ups'],
    rows: (a) => a.byDay.map((d: Answer) => [d.date, d.orders, d.followUps]),
  },
  revenue: {
    header: ['Date', 'Delivered orders', 'Tests', 'Revenue (PKR)'],
    rows: (a) => a.byDay.map((d: Answer) => [d.date, d.orders, d.tests, d.revenuePkr]),
  },
  riders: {
    header: ['Rider', 'Completed', 'On time %', 'Distance (km)', 'Shifts', 'Attendance %'],
    rows: (a) =>
      a.map((r: Answer) => [
        r.rider.name,
        r.completed,
        r.onTimePercentage,
        r.distanceKm,
        r.shifts,
        r.attendancePercentage,
      ]),
  },
  satisfaction: {
    header: ['Date', 'Answered', 'Average stars'],
    rows: (a) => a.byDay.map((d: Answer) => [d.date, d.answered, d.averageStars]),
  },
};

export function reportCsv(kind: ReportKind, answer: unknown): string {
  const table = TABLES[kind];
  return [table.header, ...table.rows(answer)].map((r) => csvLine(r.map(text))).join('');
}

/** The data rows of a report's CSV (its header not counted), for the export's audit. */
export const reportCsvRowCount = (kind: ReportKind, answer: unknown) =>
  TABLES[kind].rows(answer).length;

export const reportCsvFileName = (kind: ReportKind, vertical: string, from: string, to: string) =>
  `${kind}-${vertical}-${from}-to-${to}.csv`;
