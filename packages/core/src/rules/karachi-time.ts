/**
 * "Today", slots and shifts are Asia/Karachi whatever the host zone is. Karachi has kept +05:00
 * without DST since 2009, so every conversion here is plain arithmetic on that offset: lists
 * format thousands of times, and the time-zone database (date-fns-tz) would also be the largest
 * library of the console's first download, where the side navigation needs today's window.
 */
const OFFSET = '+05:00';

/** The calendar date in Karachi, as yyyy-MM-dd. */
export function karachiDateString(date: Date): string {
  return toKarachiIso(date).slice(0, 10);
}

export function startOfKarachiDay(date: Date): Date {
  return new Date(`${karachiDateString(date)}T00:00:00.000${OFFSET}`);
}

export function endOfKarachiDay(date: Date): Date {
  return new Date(`${karachiDateString(date)}T23:59:59.999${OFFSET}`);
}

/** ISO 8601 with the +05:00 offset; milliseconds only when present, so whole seconds stay short. */
export function toKarachiIso(date: Date): string {
  const shifted = new Date(date.getTime() + KARACHI_OFFSET_MS).toISOString();
  const body = date.getUTCMilliseconds() === 0 ? shifted.slice(0, 19) : shifted.slice(0, 23);
  return `${body}${OFFSET}`;
}

const KARACHI_OFFSET_MS = 5 * 60 * 60 * 1000;

const HAS_OFFSET = /(Z|[+-]\d{2}:?\d{2})$/i;
const ISO_LIKE = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * Parses an ISO 8601 date or date-time. Without an offset the wall time is read as Karachi time
 * (a bare date is its Karachi midnight). Returns null for anything else.
 */
export function parseKarachi(value: string | null | undefined): Date | null {
  if (!value) return null;
  const text = value.trim();
  if (!ISO_LIKE.test(text)) return null;
  const date = HAS_OFFSET.test(text)
    ? new Date(text)
    : new Date(`${text.length === 10 ? `${text}T00:00:00` : text.replace(' ', 'T')}${OFFSET}`);
  return Number.isNaN(date.getTime()) ? null : date;
}
