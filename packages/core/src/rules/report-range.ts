import type { ReportPreset } from '../entities/reports';

/**
 * The reporting dashboard's date ranges (ADR 0040): inclusive ranges of Karachi calendar days,
 * yyyy-MM-dd. A preset is relative to "today", so a link carrying `range=7d` shows the last seven
 * days whenever it is opened; a custom range carries its own dates.
 */
export type ReportRange = { dateFrom: string; dateTo: string };

export const REPORT_PRESET_LABELS: Record<ReportPreset, string> = {
  today: 'Today',
  '7d': '7 days',
  '30d': '30 days',
  thisMonth: 'This month',
};

const DAY_MS = 86_400_000;

/** yyyy-MM-dd plus `days` (negative goes back); calendar arithmetic, no time zone involved. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** How many days an inclusive range covers (1 for a single day; 0 or less when crossed). */
export function reportRangeDays(range: ReportRange): number {
  return (Date.parse(range.dateTo) - Date.parse(range.dateFrom)) / DAY_MS + 1;
}

/** The range a preset names, ending today (a Karachi date). */
export function reportPresetRange(preset: ReportPreset, today: string): ReportRange {
  switch (preset) {
    case 'today':
      return { dateFrom: today, dateTo: today };
    case '7d':
      return { dateFrom: addDays(today, -6), dateTo: today };
    case '30d':
      return { dateFrom: addDays(today, -29), dateTo: today };
    case 'thisMonth':
      return { dateFrom: `${today.slice(0, 8)}01`, dateTo: today };
  }
}
