import { parseKarachi, toKarachiIso } from '@dastak/core/rules/karachi-time';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A pickup as 'dd MMM yyyy hh:mm a' in Karachi time (spec §9 date formats), e.g.
 * '05 Mar 2025 02:30 PM'. Same text as core's formatDisplayDate + formatTime12, but by plain
 * arithmetic on the fixed +05:00 offset: the list formats thousands of these, and the time-zone
 * formatter would add ~10 KB to the list's first download.
 */
export function formatPickupParts(value: string): { date: string; time: string } {
  const date = parseKarachi(value);
  if (!date) return { date: '', time: '' };
  const iso = toKarachiIso(date); // yyyy-MM-ddTHH:mm:ss+05:00
  const hours = Number(iso.slice(11, 13));
  const h12 = String(hours % 12 || 12).padStart(2, '0');
  const month = MONTHS[Number(iso.slice(5, 7)) - 1];
  return {
    date: `${iso.slice(8, 10)} ${month} ${iso.slice(0, 4)}`,
    time: `${h12}:${iso.slice(14, 16)} ${hours < 12 ? 'AM' : 'PM'}`,
  };
}

export function formatPickupText(value: string): string {
  const { date, time } = formatPickupParts(value);
  return date ? `${date} ${time}` : '';
}

const UNITS = [
  { seconds: 365 * 24 * 3600, one: 'year', many: 'years' },
  { seconds: 30 * 24 * 3600, one: 'month', many: 'months' },
  { seconds: 24 * 3600, one: 'day', many: 'days' },
  { seconds: 3600, one: 'hour', many: 'hours' },
  { seconds: 60, one: 'min', many: 'mins' },
] as const;

/**
 * '5 mins ago' / 'in 2 hours' / 'just now': the words of core's relativeTime (rules/format.ts).
 * Kept here because importing that module brings its time-zone formatter into the list's first
 * download; if core moves relativeTime into a module of its own, use that instead.
 */
export function relativePickupText(value: string, now: number): string {
  const date = parseKarachi(value);
  if (!date) return '';
  const diff = Math.round((date.getTime() - now) / 1000);
  const abs = Math.abs(diff);
  const unit = UNITS.find((u) => abs >= u.seconds);
  if (!unit) return 'just now';
  const count = Math.floor(abs / unit.seconds);
  const text = `${count} ${count === 1 ? unit.one : unit.many}`;
  return diff < 0 ? `${text} ago` : `in ${text}`;
}
