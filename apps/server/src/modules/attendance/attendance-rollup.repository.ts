import { ATTENDANCE_RULES } from '@dastak/core/constants';
import { and, asc, eq, gt, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { hotspots } from '../../db/schema/locations';
import { riderLocationPings } from '../../db/schema/riders';
import { riderShiftAttendance, riderShifts } from '../../db/schema/shifts';

const MINUTE = 60_000;
/**
 * A shift lies within one Karachi day, at most 00:00 to 24:00 (ADR 0057), so a ping before its
 * end is less than this after its start.
 */
const SHIFT_MAX_MS = 24 * 60 * MINUTE;

/**
 * The rider's shifts whose ping window [start - 15 min, end) may hold a fix taken in [from, to],
 * locked for the roll-up (a retried request of the same rider waits rather than double counts),
 * with the hotspot's position. The start bound keeps it on the (rider, start) index.
 */
export function lockShiftsForPings(tx: DbOrTx, riderId: number, from: Date, to: Date) {
  return tx
    .select({
      id: riderShifts.id,
      startDatetime: riderShifts.startDatetime,
      endDatetime: riderShifts.endDatetime,
      state: riderShifts.state,
      isPresent: riderShifts.isPresent,
      hotspotRecordedAt: riderShifts.hotspotRecordedAt,
      distanceTravelledMetres: riderShifts.distanceTravelledMetres,
      trailLatitude: riderShifts.trailLatitude,
      trailLongitude: riderShifts.trailLongitude,
      trailRecordedAt: riderShifts.trailRecordedAt,
      onlineSlots: riderShifts.onlineSlots,
      lastSlotStart: riderShifts.lastSlotStart,
      hotspotLatitude: hotspots.latitude,
      hotspotLongitude: hotspots.longitude,
    })
    .from(riderShifts)
    .leftJoin(hotspots, eq(hotspots.id, riderShifts.hotspotId))
    .where(
      and(
        eq(riderShifts.riderId, riderId),
        lte(
          riderShifts.startDatetime,
          new Date(to.getTime() + ATTENDANCE_RULES.OPENING_BEFORE_MINUTES * MINUTE),
        ),
        gt(riderShifts.startDatetime, new Date(from.getTime() - SHIFT_MAX_MS)),
        gt(riderShifts.endDatetime, from),
      ),
    )
    .orderBy(asc(riderShifts.startDatetime))
    .for('update', { of: riderShifts });
}
export type LockedShift = Awaited<ReturnType<typeof lockShiftsForPings>>[number];

/** Writes slots that have no row yet; answers the ones it wrote (the roll-up counts them). */
export async function insertSlots(
  tx: DbOrTx,
  rows: { riderShiftId: number; slotStart: Date }[],
): Promise<{ riderShiftId: number; slotStart: Date }[]> {
  if (rows.length === 0) return [];
  return tx
    .insert(riderShiftAttendance)
    .values(rows.map((r) => ({ ...r, isPresent: true })))
    .onConflictDoNothing({
      target: [riderShiftAttendance.riderShiftId, riderShiftAttendance.slotStart],
    })
    .returning({
      riderShiftId: riderShiftAttendance.riderShiftId,
      slotStart: riderShiftAttendance.slotStart,
    });
}

export type ShiftRollup = Partial<
  Pick<
    typeof riderShifts.$inferInsert,
    | 'state'
    | 'isPresent'
    | 'riderDidStartInsideHotspot'
    | 'hotspotLatitude'
    | 'hotspotLongitude'
    | 'hotspotRecordedAt'
    | 'distanceTravelledMetres'
    | 'trailLatitude'
    | 'trailLongitude'
    | 'trailRecordedAt'
    | 'onlineSlots'
    | 'onlinePercentage'
    | 'lastSlotStart'
  >
>;

export async function updateShiftRollup(tx: DbOrTx, id: number, values: ShiftRollup) {
  await tx.update(riderShifts).set(values).where(eq(riderShifts.id, id));
}

/** The rider's stored fixes in [from, to), oldest first: a late batch replays the trail. */
export function listFixes(tx: DbOrTx, riderId: number, from: Date, to: Date) {
  return tx
    .select({
      latitude: riderLocationPings.latitude,
      longitude: riderLocationPings.longitude,
      accuracyMetres: riderLocationPings.accuracyMetres,
      at: riderLocationPings.recordedAt,
    })
    .from(riderLocationPings)
    .where(
      and(
        eq(riderLocationPings.riderId, riderId),
        gte(riderLocationPings.recordedAt, from),
        lt(riderLocationPings.recordedAt, to),
      ),
    )
    .orderBy(asc(riderLocationPings.recordedAt), asc(riderLocationPings.id));
}

/**
 * Deletes at most `limit` raw pings taken before `cutoff`, oldest first, and answers how many
 * (the recorded_at index serves the pick; the roll-ups live in other tables and stay).
 */
export async function deletePingsBefore(db: DbOrTx, cutoff: Date, limit: number) {
  const doomed = db
    .select({ id: riderLocationPings.id })
    .from(riderLocationPings)
    .where(lt(riderLocationPings.recordedAt, cutoff))
    .orderBy(asc(riderLocationPings.recordedAt))
    .limit(limit);
  const rows = await db
    .delete(riderLocationPings)
    .where(inArray(riderLocationPings.id, doomed))
    .returning({ id: riderLocationPings.id });
  return rows.length;
}

/** For tests and the retention log: how many raw pings are older than `cutoff`. */
export async function countPingsBefore(db: DbOrTx, cutoff: Date) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(riderLocationPings)
    .where(lt(riderLocationPings.recordedAt, cutoff));
  return row?.n ?? 0;
}
