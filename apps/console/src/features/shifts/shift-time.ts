import { karachiDateString } from '@dastak/core/rules/karachi-time';
import { WEEKDAYS } from '@dastak/core/states';

export const weekdayName = (weekday: number) => WEEKDAYS[weekday] ?? `Day ${weekday}`;

/** 'HH:mm' or 'HH:mm:ss' -> minutes after midnight. */
export function minutesOfDay(time: string): number {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return h * 60 + m;
}

/** 'HH:mm[:ss]' -> 'HH:mm', the value of a time field. */
export const toTimeField = (time: string) => time.slice(0, 5);

/** 'HH:mm[:ss]' -> 'hh:mm a' (spec §9's time format), e.g. '09:00 AM'. */
export function formatShiftTime(time: string): string {
  const minutes = minutesOfDay(time);
  const h = Math.floor(minutes / 60) % 24;
  const m = minutes % 60;
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${String(h12).padStart(2, '0')}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

export const shiftRange = (shift: { startTime: string; endTime: string }) =>
  `${formatShiftTime(shift.startTime)} – ${formatShiftTime(shift.endTime)}`;

const KARACHI_OFFSET_MS = 5 * 60 * 60 * 1000;

/** Where Karachi is in its week right now: weekday (Monday 0) and minutes after midnight. */
export function karachiWeekPosition(now: number): { weekday: number; minutes: number } {
  const shifted = new Date(now + KARACHI_OFFSET_MS);
  return {
    weekday: (shifted.getUTCDay() + 6) % 7,
    minutes: shifted.getUTCHours() * 60 + shifted.getUTCMinutes(),
  };
}

/** The Monday (yyyy-MM-dd, Karachi) of the week holding `now`. */
export function karachiWeekStart(now: number): string {
  const { weekday } = karachiWeekPosition(now);
  return karachiDateString(new Date(now - weekday * 24 * 60 * 60 * 1000));
}

/** A time of day is running now when it is today's weekday and now is in [start, end). */
export function isRunning(
  shift: { weekday: number; startTime: string; endTime: string },
  position: { weekday: number; minutes: number },
): boolean {
  return (
    shift.weekday === position.weekday &&
    minutesOfDay(shift.startTime) <= position.minutes &&
    position.minutes < minutesOfDay(shift.endTime)
  );
}
