import type { Vertical } from '@dastak/core/states';
import { and, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { regions } from '../../../db/schema/locations';
import { orders } from '../../../db/schema/orders';
import { riderProfiles } from '../../../db/schema/riders';
import { riderShiftSchedules, riderShifts, shiftSchedules } from '../../../db/schema/shifts';
import { users } from '../../../db/schema/users';

/** States of an order that still holds a rider's time in its slot. */
const BOOKING_STATES = [
  'unverified',
  'scheduled',
  'needsAssignment',
  'assigned',
  'reached',
  'problem',
] as const;

/**
 * Serialises bookings of one region and Karachi date until the transaction ends (PostgreSQL and
 * PGlite both have advisory locks). The key is a 64-bit hash of the pair; a collision only makes
 * two unrelated bookings wait for each other.
 */
export async function lockSlotDay(tx: DbOrTx, regionId: number, date: string) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`time-slot:${regionId}:${date}`}, 0))`,
  );
}

export async function findRegion(db: DbOrTx, vertical: Vertical, regionId: number) {
  const [row] = await db
    .select({ id: regions.id })
    .from(regions)
    .where(and(eq(regions.id, regionId), eq(regions.vertical, vertical)));
  return row;
}

/** Dated shifts of the region's active riders overlapping [from, to). */
export function listRiderShifts(db: DbOrTx, regionId: number, from: Date, to: Date) {
  return db
    .select({
      riderId: riderShifts.riderId,
      isCovid: riderProfiles.isCovid,
      start: riderShifts.startDatetime,
      end: riderShifts.endDatetime,
      state: riderShifts.state,
    })
    .from(riderShifts)
    .innerJoin(riderProfiles, eq(riderProfiles.userId, riderShifts.riderId))
    .innerJoin(users, eq(users.id, riderShifts.riderId))
    .where(
      and(
        eq(riderShifts.regionId, regionId),
        lt(riderShifts.startDatetime, to),
        gt(riderShifts.endDatetime, from),
        eq(users.isActive, true),
      ),
    );
}

/** The weekly slots of the region for a weekday with their riders (Karachi 'HH:mm:ss'). */
export function listScheduledShifts(db: DbOrTx, regionId: number, weekday: number) {
  return db
    .select({
      riderId: riderShiftSchedules.riderId,
      isCovid: riderProfiles.isCovid,
      startTime: shiftSchedules.startTime,
      endTime: shiftSchedules.endTime,
    })
    .from(shiftSchedules)
    .innerJoin(riderShiftSchedules, eq(riderShiftSchedules.shiftScheduleId, shiftSchedules.id))
    .innerJoin(riderProfiles, eq(riderProfiles.userId, riderShiftSchedules.riderId))
    .innerJoin(users, eq(users.id, riderShiftSchedules.riderId))
    .where(
      and(
        eq(shiftSchedules.regionId, regionId),
        eq(shiftSchedules.weekday, weekday),
        eq(users.isActive, true),
      ),
    );
}

/** Orders of the region booked with a slot that starts in [from, to), minus the one moving. */
export function listBookings(
  db: DbOrTx,
  regionId: number,
  from: Date,
  to: Date,
  excludeOrderId: number | null,
) {
  return db
    .select({
      pickup: orders.pickup,
      timeSlotMinutes: orders.timeSlotMinutes,
      isCovid: orders.isCovid,
    })
    .from(orders)
    .where(
      and(
        eq(orders.regionId, regionId),
        inArray(orders.state, [...BOOKING_STATES]),
        eq(orders.fulfillmentMethod, 'online'),
        gt(orders.pickup, from),
        lt(orders.pickup, to),
        excludeOrderId ? ne(orders.id, excludeOrderId) : undefined,
      ),
    );
}
