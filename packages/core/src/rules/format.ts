import { formatInTimeZone } from 'date-fns-tz';
import { DATE_FORMATS, TIME_ZONE } from '../constants';
import { EMPTY } from '../messages';
import { parseKarachi } from './karachi-time';

export type DateInput = Date | string | null | undefined;

function toDate(value: DateInput): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  return parseKarachi(value);
}

/** Formats in Karachi time; an empty or unreadable date-time yields '' (spec §8). */
function formatKarachi(value: DateInput, pattern: string): string {
  const date = toDate(value);
  return date ? formatInTimeZone(date, TIME_ZONE, pattern) : '';
}

export const formatDisplayDate = (value: DateInput) =>
  formatKarachi(value, DATE_FORMATS.DISPLAY_DATE);
export const formatApiDate = (value: DateInput) => formatKarachi(value, DATE_FORMATS.API_DATE);
export const formatTime12 = (value: DateInput) => formatKarachi(value, DATE_FORMATS.TIME_12H);
export const formatDateField = (value: DateInput) => formatKarachi(value, DATE_FORMATS.DATE_FIELD);
export const formatTimeShort = (value: DateInput) => formatKarachi(value, DATE_FORMATS.TIME_SHORT);

/** Metres as km with one decimal ('1.2 km'); missing distance is 'N/A'. */
/**
 * A whole amount with thousands separators, as en-PK writes it (2,200; 1,234,567). By hand, not
 * toLocaleString: a phone's first Intl number format loads the locale's data, measured at about
 * 50 ms of the customer page's main thread on a slowed phone (issue 31).
 */
export function groupThousands(value: number): string {
  const whole = Math.round(value);
  const digits = String(Math.abs(whole)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return whole < 0 ? `-${digits}` : digits;
}

export function formatKm(metres: number | null | undefined): string {
  if (metres == null || !Number.isFinite(metres)) return EMPTY.NA;
  return `${(metres / 1000).toFixed(1)} km`;
}

/** Coordinates are sent with 6 decimals (about 0.1 m). */
export function toSixDecimals(coord: number): number {
  return Number(coord.toFixed(6));
}

const UNITS = [
  { seconds: 365 * 24 * 3600, one: 'year', many: 'years' },
  { seconds: 30 * 24 * 3600, one: 'month', many: 'months' },
  { seconds: 24 * 3600, one: 'day', many: 'days' },
  { seconds: 3600, one: 'hour', many: 'hours' },
  { seconds: 60, one: 'min', many: 'mins' },
] as const;

/** '5 mins ago', 'in 2 hours'; under a minute is 'just now'. Whole units, rounded down. */
export function relativeTime(value: DateInput, now: Date): string {
  const date = toDate(value);
  if (!date) return '';
  const diff = Math.round((date.getTime() - now.getTime()) / 1000);
  const abs = Math.abs(diff);
  const unit = UNITS.find((u) => abs >= u.seconds);
  if (!unit) return 'just now';
  const count = Math.floor(abs / unit.seconds);
  const text = `${count} ${count === 1 ? unit.one : unit.many}`;
  return diff < 0 ? `${text} ago` : `in ${text}`;
}

/** 'Delayed by N mins' on late-order rows. */
export function formatDelay(minutes: number): string {
  const whole = Math.max(0, Math.floor(minutes));
  return `Delayed by ${whole} ${whole === 1 ? 'min' : 'mins'}`;
}
