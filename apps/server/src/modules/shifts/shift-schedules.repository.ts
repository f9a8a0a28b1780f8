import { and, asc, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { cities, hotspots, regions } from '../../db/schema/locations';
import { riderProfiles } from '../../db/schema/riders';
import { riderShiftSchedules, shiftSchedules } from '../../db/schema/shifts';
import { users } from '../../db/schema/users';

/** All SQL of the weekly schedules and the riders placed on them. */

export type ScheduleRow = typeof shiftSchedules.$inferSelect;

export function findRegion(db: DbOrTx, regionId: number) {
  return db
    .select({ id: regions.id, cityName: cities.name })
    .from(regions)
    .innerJoin(cities, eq(cities.id, regions.cityId))
    .where(eq(regions.id, regionId))
    .then((r) => r[0]);
}

export function listSchedules(db: DbOrTx, f: { regionId?: number; weekday?: number; id?: number }) {
  return db
    .select({ schedule: shiftSchedules, cityName: cities.name })
    .from(shiftSchedules)
    .innerJoin(regions, eq(regions.id, shiftSchedules.regionId))
    .innerJoin(cities, eq(cities.id, regions.cityId))
    .where(
      and(
        f.id !== undefined ? eq(shiftSchedules.id, f.id) : undefined,
        f.regionId !== undefined ? eq(shiftSchedules.regionId, f.regionId) : undefined,
        f.weekday !== undefined ? eq(shiftSchedules.weekday, f.weekday) : undefined,
      ),
    )
    .orderBy(asc(shiftSchedules.weekday), asc(shiftSchedules.startTime), asc(shiftSchedules.id));
}

/** Locks the schedule row for the rest of the transaction. */
export function lockSchedule(tx: DbOrTx, id: number) {
  return tx
    .select()
    .from(shiftSchedules)
    .where(eq(shiftSchedules.id, id))
    .for('update')
    .then((r) => r[0]);
}

export function insertSchedule(tx: DbOrTx, v: typeof shiftSchedules.$inferInsert) {
  return tx
    .insert(shiftSchedules)
    .values(v)
    .returning()
    .then((r) => r[0]!);
}

/** Under the row's lock (lockSchedule), where the version was checked (ADR 0056). */
export function updateSchedule(
  tx: DbOrTx,
  id: number,
  v: Partial<Pick<ScheduleRow, 'weekday' | 'startTime' | 'endTime'>>,
  modifiedById: number | null,
) {
  return tx
    .update(shiftSchedules)
    .set({
      ...v,
      modified: new Date(),
      version: sql`${shiftSchedules.version} + 1`,
      modifiedById,
    })
    .where(eq(shiftSchedules.id, id));
}

export function findSchedule(db: DbOrTx, id: number) {
  return db
    .select()
    .from(shiftSchedules)
    .where(eq(shiftSchedules.id, id))
    .then((r) => r[0]);
}

export function deleteSchedule(tx: DbOrTx, id: number) {
  return tx.delete(shiftSchedules).where(eq(shiftSchedules.id, id));
}

export function listAssignments(db: DbOrTx, scheduleIds: readonly number[]) {
  if (scheduleIds.length === 0) return Promise.resolve([]);
  return (
    db
      .select({
        id: riderShiftSchedules.id,
        shiftSchedule: riderShiftSchedules.shiftScheduleId,
        hotspot: riderShiftSchedules.hotspotId,
        allowBreak: riderShiftSchedules.allowBreak,
        rider: {
          id: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          phone: sql<string>`coalesce(${users.phone}, '')`,
        },
      })
      .from(riderShiftSchedules)
      .innerJoin(users, eq(users.id, riderShiftSchedules.riderId))
      .where(inArray(riderShiftSchedules.shiftScheduleId, [...scheduleIds]))
      // Newest first: the detail table puts an added rider at the top.
      .orderBy(asc(riderShiftSchedules.shiftScheduleId), sql`${riderShiftSchedules.id} desc`)
  );
}

export function findAssignment(db: DbOrTx, id: number) {
  return db
    .select()
    .from(riderShiftSchedules)
    .where(eq(riderShiftSchedules.id, id))
    .then((r) => r[0]);
}

export function insertAssignments(tx: DbOrTx, rows: (typeof riderShiftSchedules.$inferInsert)[]) {
  if (rows.length === 0) return Promise.resolve([]);
  return tx.insert(riderShiftSchedules).values(rows).returning();
}

export function updateAssignment(
  tx: DbOrTx,
  id: number,
  v: { hotspotId: number; allowBreak: boolean },
) {
  return tx
    .update(riderShiftSchedules)
    .set({ ...v, modified: new Date() })
    .where(eq(riderShiftSchedules.id, id));
}

export function deleteAssignment(tx: DbOrTx, id: number) {
  return tx.delete(riderShiftSchedules).where(eq(riderShiftSchedules.id, id));
}

/** A rider user with the region of the profile and whether active; undefined for other users. */
export function findRider(db: DbOrTx, riderId: number) {
  return db
    .select({ id: users.id, regionId: riderProfiles.regionId, isActive: users.isActive })
    .from(users)
    .innerJoin(riderProfiles, eq(riderProfiles.userId, users.id))
    .where(eq(users.id, riderId))
    .then((r) => r[0]);
}

/** Which of these users are active (an inactive rider is put on no shift). */
export async function activeUserIds(db: DbOrTx, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, [...ids]), eq(users.isActive, true)));
  return new Set(rows.map((r) => r.id));
}

export function findHotspot(db: DbOrTx, hotspotId: number) {
  return db
    .select({ id: hotspots.id, regionId: hotspots.regionId })
    .from(hotspots)
    .where(eq(hotspots.id, hotspotId))
    .then((r) => r[0]);
}

/**
 * Schedules of these riders on the weekday whose times overlap [start, end) (touching ends do
 * not overlap), other than `exceptScheduleId`, with the rider's name; by name, then rider id.
 */
export function findOverlaps(
  db: DbOrTx,
  p: {
    riderIds: readonly number[];
    weekday: number;
    startTime: string;
    endTime: string;
    exceptScheduleId?: number;
  },
) {
  if (p.riderIds.length === 0) return Promise.resolve([]);
  const riderName = sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`;
  return db
    .select({
      riderId: riderShiftSchedules.riderId,
      riderName,
      scheduleId: shiftSchedules.id,
      startTime: shiftSchedules.startTime,
      endTime: shiftSchedules.endTime,
    })
    .from(riderShiftSchedules)
    .innerJoin(shiftSchedules, eq(shiftSchedules.id, riderShiftSchedules.shiftScheduleId))
    .innerJoin(users, eq(users.id, riderShiftSchedules.riderId))
    .where(
      and(
        inArray(riderShiftSchedules.riderId, [...p.riderIds]),
        eq(shiftSchedules.weekday, p.weekday),
        lt(shiftSchedules.startTime, p.endTime),
        gt(shiftSchedules.endTime, p.startTime),
        p.exceptScheduleId !== undefined ? ne(shiftSchedules.id, p.exceptScheduleId) : undefined,
      ),
    )
    .orderBy(riderName, asc(riderShiftSchedules.riderId), asc(shiftSchedules.startTime));
}

/** GET /shift/shifts/: the region's weekly shifts, by weekday then start. */
export function listShiftOptions(db: DbOrTx, regionId?: number) {
  return db
    .select({
      id: shiftSchedules.id,
      weekday: shiftSchedules.weekday,
      startTime: shiftSchedules.startTime,
      endTime: shiftSchedules.endTime,
      region: shiftSchedules.regionId,
    })
    .from(shiftSchedules)
    .where(regionId !== undefined ? eq(shiftSchedules.regionId, regionId) : undefined)
    .orderBy(asc(shiftSchedules.weekday), asc(shiftSchedules.startTime), asc(shiftSchedules.id));
}
