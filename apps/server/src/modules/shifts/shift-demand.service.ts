import type { ShiftDemand } from '@dastak/core/entities/shifts';
import { SHIFT_MESSAGES } from '@dastak/core/messages/shifts';
import { karachiDateString, parseKarachi } from '@dastak/core/rules/karachi-time';
import type { DbOrTx } from '../../db/client';
import { invalid, notFound } from '../../lib/domain-errors';
import { DEFAULT_SLOT_LENGTH, listBookings, shiftsOf, slotCapacity } from '../dispatch/public';
import { findRegion } from './shift-schedules.repository';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Monday 0 to Sunday 6 of a calendar date (no host time zone involved). */
const weekdayOf = (date: string) => (new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7;

const addDays = (date: string, n: number) =>
  new Date(Date.parse(`${date}T12:00:00Z`) + n * DAY).toISOString().slice(0, 10);

/**
 * GET /shift/shift-schedules/demand/ (beyond the spec): per Karachi hour of the week, riders on
 * shift at any time in the hour, orders booked with their pickup in it, and the pickups the
 * riders can take in it by the time slots' own model (riders on shift for a whole slot, at
 * slotCapacity each slot), so an hour flagged overbooked is one the booking form could not fill.
 * Dated rider shifts count where the day has them, else the weekly schedule (as the slots do).
 */
export async function getShiftDemand(
  db: DbOrTx,
  q: { region: number; weekStart?: string | undefined },
  now = new Date(),
): Promise<ShiftDemand> {
  if (!(await findRegion(db, q.region))) throw notFound();
  const today = karachiDateString(now);
  const weekStart = q.weekStart ?? addDays(today, -weekdayOf(today));
  if (weekdayOf(weekStart) !== 0) {
    throw invalid(SHIFT_MESSAGES.WEEK_START_NOT_MONDAY, {
      weekStart: [SHIFT_MESSAGES.WEEK_START_NOT_MONDAY],
    });
  }
  const slot = DEFAULT_SLOT_LENGTH * MINUTE;
  const days: ShiftDemand['days'] = [];
  for (let i = 0; i < 7; i++) {
    const date = addDays(weekStart, i);
    const dayStart = parseKarachi(date)!.getTime();
    const shifts = await shiftsOf(db, q.region, date, dayStart, dayStart + DAY);
    // listBookings takes pickups strictly after `from`: start a millisecond early.
    const bookings = await listBookings(
      db,
      q.region,
      new Date(dayStart - 1),
      new Date(dayStart + DAY),
      null,
    );
    const booked = new Array<number>(24).fill(0);
    for (const b of bookings) {
      const h = Math.floor((b.pickup.getTime() - dayStart) / HOUR);
      if (h >= 0 && h < 24) booked[h]! += 1;
    }
    const hours = booked.map((ordersBooked, hour) => {
      const from = dayStart + hour * HOUR;
      const to = from + HOUR;
      const onShift = new Set(
        shifts.filter((s) => s.start < to && s.end > from).map((s) => s.riderId),
      );
      let capacity = 0;
      for (let t = from; t + slot <= to; t += slot) {
        const whole = new Set(
          shifts.filter((s) => s.start <= t && s.end >= t + slot).map((s) => s.riderId),
        );
        capacity += slotCapacity(whole.size);
      }
      return {
        hour,
        ridersScheduled: onShift.size,
        ordersBooked,
        capacity,
        overbooked: ordersBooked > capacity,
      };
    });
    days.push({ weekday: i, date, hours });
  }
  return { region: q.region, weekStart, days };
}
