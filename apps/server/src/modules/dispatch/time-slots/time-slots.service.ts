import type { OrderTimeSlot } from '@dastak/core/entities/lookups';
import { ORDER_MESSAGES } from '@dastak/core/messages';
import { parseKarachi, toKarachiIso } from '@dastak/core/rules/karachi-time';
import { pickupWindow } from '@dastak/core/rules/pickup-window';
import type { Vertical } from '@dastak/core/states';
import type { DbOrTx } from '../../../db/client';
import { invalid, notFound } from '../../../lib/domain-errors';
import * as repo from './time-slots.repository';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
export const DEFAULT_SLOT_LENGTH = 60;

export interface TimeSlotsRequest {
  vertical: Vertical;
  date: string;
  regionId: number;
  isCovid: boolean;
  orderId?: number | null;
  slotLength?: number;
}

export type Interval = { riderId: number; isCovid: boolean; start: number; end: number };

/**
 * Pickups a slot can take from the riders on shift for all of it: one pickup each per slot. The
 * shift demand view (modules/shifts) counts capacity with this same definition.
 */
export const slotCapacity = (ridersOnShift: number) => ridersOnShift;

/**
 * POST /orders/{vertical}/time-slots/: the slots of a Karachi date a new (or moved) order can
 * still take. Capacity is riders on shift for the whole slot, one pickup each per slot. Covid
 * orders only go to covid riders while other orders can go to anyone, so a slot is free for a
 * covid order when covid bookings < covid riders and all bookings < all riders (the matching
 * condition for nested pools), and free for another order when all bookings < all riders.
 */
export async function listFreeTimeSlots(
  db: DbOrTx,
  q: TimeSlotsRequest,
  now = new Date(),
): Promise<OrderTimeSlot[]> {
  if (!(await repo.findRegion(db, q.vertical, q.regionId))) throw notFound();
  const length = (q.slotLength ?? DEFAULT_SLOT_LENGTH) * MINUTE;
  const dayStart = parseKarachi(q.date)!.getTime();
  const dayEnd = dayStart + DAY;
  // Rescheduling uses the assignment modal's limits; a new order the booking form's.
  const window = pickupWindow(q.orderId != null ? 'reschedule' : 'create', now);
  const earliest = window.earliest.getTime();
  const latest = window.end.getTime();
  if (dayEnd <= earliest || dayStart >= latest) return [];

  const shifts = await shiftsOf(db, q.regionId, q.date, dayStart, dayEnd);
  // A booking started up to an hour before the day still holds its rider into it.
  const bookings = await repo.listBookings(
    db,
    q.regionId,
    new Date(dayStart - 60 * MINUTE),
    new Date(dayEnd),
    q.orderId ?? null,
  );
  const slots: OrderTimeSlot[] = [];
  for (let start = dayStart; start + length <= dayEnd; start += length) {
    if (start < earliest || start >= latest) continue;
    const end = start + length;
    const onShift = new Map<number, boolean>();
    for (const s of shifts) if (s.start <= start && s.end >= end) onShift.set(s.riderId, s.isCovid);
    const riders = onShift.size;
    if (riders === 0) continue;
    const covidRiders = [...onShift.values()].filter(Boolean).length;
    let booked = 0;
    let covidBooked = 0;
    for (const b of bookings) {
      const bStart = b.pickup.getTime();
      const bEnd = bStart + b.timeSlotMinutes * MINUTE;
      if (bStart < end && bEnd > start) {
        booked++;
        if (b.isCovid) covidBooked++;
      }
    }
    const free = q.isCovid
      ? covidBooked < slotCapacity(covidRiders) && booked < slotCapacity(riders)
      : booked < slotCapacity(riders);
    if (!free) continue;
    const minutes = (start - dayStart) / MINUTE;
    const id = `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
    slots.push({ id, dateTime: toKarachiIso(new Date(start)) });
  }
  return slots;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Books a pickup only at a slot the listing above offers at this moment for that region, date
 * and covid flag (for a reschedule, with the order's own booking left out): off-shift, off-grid
 * and full slots answer 400 'no longer available'. Call it inside the transaction that writes
 * the order: it first takes a transaction lock on (region, date), so two agents racing for the
 * last place of a slot queue up and the second one sees the first one's order.
 */
export async function claimTimeSlot(
  tx: DbOrTx,
  q: TimeSlotsRequest & { timeSlot: string },
  now = new Date(),
): Promise<void> {
  await repo.lockSlotDay(tx, q.regionId, q.date);
  const offered = await listFreeTimeSlots(tx, q, now);
  if (!offered.some((s) => s.id === q.timeSlot)) {
    throw invalid(ORDER_MESSAGES.SLOT_UNAVAILABLE, {
      timeSlot: [ORDER_MESSAGES.SLOT_UNAVAILABLE],
    });
  }
}

/** Dated rider shifts of that day; the weekly schedule when the day's shifts are not made yet. */
export async function shiftsOf(
  db: DbOrTx,
  regionId: number,
  date: string,
  dayStart: number,
  dayEnd: number,
): Promise<Interval[]> {
  const dated = await repo.listRiderShifts(db, regionId, new Date(dayStart), new Date(dayEnd));
  if (dated.length > 0) {
    return dated
      .filter((s) => s.state !== 'missed')
      .map((s) => ({
        riderId: s.riderId,
        isCovid: s.isCovid,
        start: s.start.getTime(),
        end: s.end.getTime(),
      }));
  }
  // Monday 0 to Sunday 6, from the calendar date itself (no host time zone involved).
  const weekday = (new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7;
  const weekly = await repo.listScheduledShifts(db, regionId, weekday);
  const at = (time: string) => {
    const [h, m] = time.split(':').map(Number);
    return dayStart + ((h ?? 0) * 60 + (m ?? 0)) * MINUTE;
  };
  return weekly.map((s) => ({
    riderId: s.riderId,
    isCovid: s.isCovid,
    start: at(s.startTime),
    end: at(s.endTime),
  }));
}
