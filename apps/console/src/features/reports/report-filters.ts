import { REPORT_RANGE_MAX_DAYS } from '@dastak/core/constants';
import { REPORT_PRESETS, type ReportPreset } from '@dastak/core/entities/reports';
import { FORM_VALIDATION } from '@dastak/core/messages';
import { karachiDateString } from '@dastak/core/rules/karachi-time';
import {
  type ReportRange,
  reportPresetRange,
  reportRangeDays,
} from '@dastak/core/rules/report-range';
import { VERTICALS, type Vertical } from '@dastak/core/states';

/**
 * The reporting dashboard's filter set (ADR 0040), kept in the page query string like the lists'
 * filters: `vertical`, `regions` (comma-joined ids; none: every region of the vertical) and
 * `range`, a preset or `custom` with `dateFrom` and `dateTo`. A preset stays relative to today.
 */
export type ReportRangeChoice = ReportPreset | 'custom';

export type ReportFilterSet = {
  vertical: Vertical;
  regions: number[];
  range: ReportRangeChoice;
  /** Only for a custom range; a preset's dates are worked out from today. */
  dateFrom: string | null;
  dateTo: string | null;
};

export const DEFAULT_REPORT_RANGE: ReportPreset = '7d';

const isDate = (text: string | null): text is string =>
  !!text && /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(text));

export function reportFiltersFromQuery(params: URLSearchParams): ReportFilterSet {
  const vertical = params.get('vertical');
  const range = params.get('range');
  const regions = (params.get('regions') ?? '')
    .split(',')
    .filter((id) => /^\d+$/.test(id) && Number(id) > 0)
    .map(Number);
  const dateFrom = params.get('dateFrom');
  const dateTo = params.get('dateTo');
  const custom = range === 'custom' && isDate(dateFrom) && isDate(dateTo);
  return {
    vertical: VERTICALS.includes(vertical as Vertical) ? (vertical as Vertical) : 'blood',
    regions: [...new Set(regions)],
    range: custom
      ? 'custom'
      : REPORT_PRESETS.includes(range as ReportPreset)
        ? (range as ReportPreset)
        : DEFAULT_REPORT_RANGE,
    dateFrom: custom ? dateFrom : null,
    dateTo: custom ? dateTo : null,
  };
}

export function reportFiltersToQuery(f: ReportFilterSet): URLSearchParams {
  const params = new URLSearchParams();
  params.set('vertical', f.vertical);
  if (f.regions.length > 0) params.set('regions', f.regions.join(','));
  params.set('range', f.range);
  if (f.range === 'custom' && f.dateFrom && f.dateTo) {
    params.set('dateFrom', f.dateFrom);
    params.set('dateTo', f.dateTo);
  }
  return params;
}

/** The inclusive Karachi days the set covers. */
export function reportRangeOf(f: ReportFilterSet, now = new Date()): ReportRange {
  if (f.range === 'custom' && f.dateFrom && f.dateTo) {
    return { dateFrom: f.dateFrom, dateTo: f.dateTo };
  }
  const preset = f.range === 'custom' ? DEFAULT_REPORT_RANGE : f.range;
  return reportPresetRange(preset, karachiDateString(now));
}

/** Why a custom range cannot be asked for (the server's own messages), or undefined. */
export function reportRangeError(range: ReportRange): string | undefined {
  if (range.dateFrom > range.dateTo) return FORM_VALIDATION.REPORT_RANGE_ORDER;
  if (reportRangeDays(range) > REPORT_RANGE_MAX_DAYS) return FORM_VALIDATION.REPORT_RANGE_TOO_LONG;
  return undefined;
}

/** What every report call sends: the vertical's regions and the range (api-client snake-cases). */
export type ReportRequest = { vertical: Vertical; regions: number[] } & ReportRange;

export function reportRequestOf(f: ReportFilterSet, now = new Date()): ReportRequest {
  return { vertical: f.vertical, regions: f.regions, ...reportRangeOf(f, now) };
}

/** The same query for the CSV downloads, which go without the api client (snake_case by hand). */
export function reportApiParams(r: ReportRequest): Record<string, string> {
  const params: Record<string, string> = { date_from: r.dateFrom, date_to: r.dateTo };
  if (r.regions.length > 0) params.regions = r.regions.join(',');
  return params;
}
