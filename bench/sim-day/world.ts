import type { Point } from '../../apps/server/src/modules/dispatch/routing/distance';
import { CENTRE, pointIn, rng } from '../instances';

/**
 * One generated day for one city: the fleet with its shifts and its mishaps, the bookings with
 * their slots, and the collection centres. Everything random is drawn here, up front, so every
 * dispatch policy replays exactly the same day (same riders late, same patients away).
 */

const MIN = 60_000;
/** 07:00 in Lahore (UTC+5) on a weekday. */
export const DAY_START = Date.parse('2026-03-02T07:00:00+05:00');

export interface DaySpec {
  seed: number;
  riders: number;
  orders: number;
  /** Doors fall in a square of 2 x halfKm around the centre. */
  halfKm: number;
  /** Minutes after DAY_START of the first and last slot start. */
  firstSlot: number;
  lastSlot: number;
  /** Minutes after DAY_START the simulation stops (riders finish their queue before). */
  endMinutes: number;
}

export interface SimRider {
  id: number;
  hotspot: Point;
  isCovid: boolean;
  shiftStart: number;
  shiftEnd: number;
  /** When the rider comes on duty; null: a no-show who never does. */
  onlineAt: number | null;
  /** A breakdown during the shift: the rider stands still, or drops out for the day. */
  problem: { at: number; minutes: number; dropsOut: boolean } | null;
  /** Seed of this rider's road noise. */
  noiseSeed: number;
}

export interface SimOrder {
  id: number;
  point: Point;
  /** Slot start, epoch ms. */
  pickup: number;
  /** When the booking reaches the system. */
  bookedAt: number;
  isCovid: boolean;
  /** Minutes at the door once the patient is there. */
  serviceMinutes: number;
  /** The patient is not home: the rider waits, then leaves without a sample. */
  patientAway: boolean;
}

export interface Day {
  spec: DaySpec;
  riders: SimRider[];
  orders: SimOrder[];
  centres: Point[];
}

/** A fasting-test morning peak: slots before 10:00 are twice as popular. */
function slotStart(r: () => number, spec: DaySpec): number {
  const slots: number[] = [];
  for (let m = spec.firstSlot; m <= spec.lastSlot; m += 30) {
    slots.push(m);
    if (m < 180) slots.push(m);
  }
  return DAY_START + slots[Math.floor(r() * slots.length)]! * MIN;
}

export function generateDay(spec: DaySpec): Day {
  const r = rng(spec.seed);
  const centres = [CENTRE, pointIn(r, spec.halfKm * 0.6), pointIn(r, spec.halfKm * 0.6)];
  const riders: SimRider[] = Array.from({ length: spec.riders }, (_, i) => {
    // Two overlapping shifts: morning 07:00-15:00 and late 10:00-18:00.
    const shiftStart = DAY_START + (i % 2 === 0 ? 0 : 180) * MIN;
    const shiftEnd = shiftStart + 8 * 60 * MIN;
    const persona = r();
    const onlineAt =
      persona < 0.05 ? null : persona < 0.2 ? shiftStart + (15 + r() * 30) * MIN : shiftStart;
    const broke = r() < 0.15;
    const problem = broke
      ? {
          at: shiftStart + (60 + r() * 360) * MIN,
          minutes: 20 + r() * 25,
          dropsOut: r() < 0.3,
        }
      : null;
    return {
      id: i + 1,
      hotspot: pointIn(r, spec.halfKm * 0.8),
      isCovid: r() < 0.2,
      shiftStart,
      shiftEnd,
      onlineAt,
      problem,
      noiseSeed: Math.floor(r() * 2 ** 31),
    };
  });
  const orders: SimOrder[] = Array.from({ length: spec.orders }, (_, i) => {
    const pickup = slotStart(r, spec);
    // Half are booked the day before; the rest call 45 min to 4 h ahead of their slot.
    const lead = (45 + r() * 195) * MIN;
    const bookedAt = r() < 0.5 ? DAY_START : Math.max(DAY_START, pickup - lead);
    return {
      id: 10_000 + i,
      point: pointIn(r, spec.halfKm),
      pickup,
      bookedAt,
      isCovid: r() < 0.05,
      serviceMinutes: 7 + r() * 8,
      patientAway: r() < 0.04,
    };
  });
  orders.sort((a, b) => a.bookedAt - b.bookedAt || a.id - b.id);
  return { spec, riders, orders, centres };
}

/**
 * A busy day: demand near what the fleet can collect. With 300 bookings the 30 riders (about 240
 * rider-hours) still collect nearly every sample, most of them late under simple rules; at 420
 * some are never reached at all.
 */
export const BUSY_DAY: Omit<DaySpec, 'seed'> = {
  riders: 30,
  orders: 300,
  halfKm: 7,
  firstSlot: 30,
  lastSlot: 600,
  endMinutes: 13 * 60,
};

/** A normal day: the same fleet with about two thirds of the demand. */
export const NORMAL_DAY: Omit<DaySpec, 'seed'> = { ...BUSY_DAY, orders: 200 };
