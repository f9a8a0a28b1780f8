import { endOfKarachiDay, startOfKarachiDay, toKarachiIso } from '@dastak/core/rules/karachi-time';

/**
 * The attendance list's filter set (spec §2.11, §7 "Attendance list filters"), kept in the page
 * query string under the names the side nav uses (app/layout/nav-hrefs.ts), so a link or a
 * reload reproduces the view.
 */
export type AttendanceFilterSet = {
  region: number | null;
  /** ISO date-times with offset; the date pickers set a whole Karachi day. */
  startDatetime: string;
  endDatetime: string;
  shift: number | null;
  rider: number | null;
  ordering: string;
};

export const DEFAULT_ATTENDANCE_ORDERING = '-created';

const parseId = (text: string | null): number | null =>
  text && /^\d+$/.test(text) && Number(text) > 0 ? Number(text) : null;

const isDateTime = (text: string | null): text is string =>
  !!text && !Number.isNaN(new Date(text).getTime());

/** Reads the set back from the URL; a missing or broken date falls back to today (Karachi). */
export function attendanceFiltersFromQuery(
  params: URLSearchParams,
  now = new Date(),
): AttendanceFilterSet {
  const start = params.get('startDatetime');
  const end = params.get('endDatetime');
  return {
    region: parseId(params.get('region')),
    startDatetime: isDateTime(start) ? start : toKarachiIso(startOfKarachiDay(now)),
    endDatetime: isDateTime(end) ? end : toKarachiIso(endOfKarachiDay(now)),
    shift: parseId(params.get('shift')),
    rider: parseId(params.get('rider')),
    ordering: params.get('ordering') || DEFAULT_ATTENDANCE_ORDERING,
  };
}

/** The page query string, in the order the side nav writes it. */
export function attendanceFiltersToQuery(f: AttendanceFilterSet): URLSearchParams {
  const params = new URLSearchParams();
  if (f.region !== null) params.set('region', String(f.region));
  params.set('startDatetime', f.startDatetime);
  params.set('endDatetime', f.endDatetime);
  if (f.shift !== null) params.set('shift', String(f.shift));
  if (f.rider !== null) params.set('rider', String(f.rider));
  params.set('ordering', f.ordering || DEFAULT_ATTENDANCE_ORDERING);
  return params;
}

/** The API's query (snake_case, as the CSV and email calls are sent without the api client). */
export function attendanceApiParams(f: AttendanceFilterSet): Record<string, string> {
  const params: Record<string, string> = {
    start_datetime: f.startDatetime,
    end_datetime: f.endDatetime,
    ordering: f.ordering,
  };
  if (f.region !== null) params.region = String(f.region);
  if (f.shift !== null) params.shift = String(f.shift);
  if (f.rider !== null) params.rider = String(f.rider);
  return params;
}
