import { TIME_ZONE } from '@dastak/core/constants';
import type { AttendanceRecord } from '@dastak/core/entities/shifts';
import { EMPTY } from '@dastak/core/messages';
import { presenceOf } from '@dastak/core/rules/attendance-marks';
import { karachiDateString } from '@dastak/core/rules/karachi-time';
import { formatPercent } from '@dastak/core/rules/on-time';
import { formatInTimeZone } from 'date-fns-tz';
import { csvLine } from '../../lib/csv';

/**
 * The attendance list as CSV (Download on /attendance and the listing email): the screen's
 * columns, one record per rider shift, cells made harmless by lib/csv.ts.
 */

export const ATTENDANCE_CSV_COLUMNS = [
  'Rider',
  'Phone',
  'Attendance',
  'Inside Hotspot',
  'Location',
  'Location Time',
  'Shift Start',
  'Shift End',
  'On-Time %',
  'Online %',
  'Distance Travelled (km)',
  'Break',
] as const;

/** Rows read per statement: memory stays flat whatever the filter matches. */
export const ATTENDANCE_CSV_BATCH = 1000;

const when = (iso: string) => formatInTimeZone(new Date(iso), TIME_ZONE, 'yyyy-MM-dd HH:mm');
/** Yes or No; N/A where the screen shows N/A (no ping, presence not decided yet). */
const yesNo = (b: boolean | null) => (b === null ? EMPTY.NA : b ? 'Yes' : 'No');

/**
 * One record as the screen shows it: coordinates or N/A, km with one decimal, 2-decimal % or
 * N/A.
 */
export function attendanceCsvRecord(r: AttendanceRecord): string[] {
  const located = r.hotspotLatitude !== null && r.hotspotLongitude !== null;
  return [
    r.rider.name,
    r.rider.phone,
    yesNo(presenceOf(r)),
    yesNo(r.riderDidStartInsideHotspot),
    located ? `${r.hotspotLatitude}, ${r.hotspotLongitude}` : EMPTY.NA,
    r.hotspotRecordedAt ? when(r.hotspotRecordedAt) : EMPTY.NA,
    when(r.shift.startDatetime),
    when(r.shift.endDatetime),
    formatPercent(r.riderShiftOnTimePercentage),
    r.riderShiftOnlinePercentage === null ? EMPTY.NA : formatPercent(r.riderShiftOnlinePercentage),
    r.distanceTravelled === null ? EMPTY.NA : (r.distanceTravelled / 1000).toFixed(1),
    yesNo(r.breakAlreadyGiven),
  ];
}

export const attendanceCsvHeader = () => csvLine(ATTENDANCE_CSV_COLUMNS);
export const attendanceCsvLine = (r: AttendanceRecord) => csvLine(attendanceCsvRecord(r));

/** 'attendance-2026-03-02.csv' (the Karachi date of the download). */
export const attendanceCsvFileName = (now: Date) => `attendance-${karachiDateString(now)}.csv`;
