import type {
  RiderShiftScheduleCreate,
  RiderShiftScheduleUpdate,
  ShiftRiderAssignment,
} from '@dastak/core/entities/shifts';
import { VALIDATION } from '@dastak/core/messages';
import { SHIFT_MESSAGES } from '@dastak/core/messages/shifts';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { invalid, notFound, refused } from '../../lib/domain-errors';
import * as repo from './shift-schedules.repository';
import { refreshScheduleShifts, refuseOverlaps } from './shift-schedules.service';

/** Riders on a weekly schedule (the shift detail's table), each change re-making its shifts. */

export const listShiftRiders = (db: DbOrTx, scheduleId: number) =>
  repo.listAssignments(db, [scheduleId]);

async function assignmentOut(db: DbOrTx, id: number): Promise<ShiftRiderAssignment> {
  const a = await repo.findAssignment(db, id);
  const rows = await repo.listAssignments(db, a ? [a.shiftScheduleId] : []);
  const out = rows.find((r) => r.id === id);
  if (!out) throw notFound();
  return out;
}

/** A hotspot of the schedule's region, or 400 naming the field. */
async function checkHotspot(db: DbOrTx, hotspotId: number, regionId: number) {
  const h = await repo.findHotspot(db, hotspotId);
  if (!h) throw invalid(VALIDATION.SELECT_HOTSPOT, { hotspot: [VALIDATION.SELECT_HOTSPOT] });
  if (h.regionId !== regionId) {
    throw invalid(SHIFT_MESSAGES.HOTSPOT_OTHER_REGION, {
      hotspot: [SHIFT_MESSAGES.HOTSPOT_OTHER_REGION],
    });
  }
}

export async function addShiftRider(
  db: Db,
  body: RiderShiftScheduleCreate,
  now = new Date(),
): Promise<ShiftRiderAssignment> {
  const id = await db.transaction(async (tx) => {
    const s = await repo.lockSchedule(tx, body.shiftSchedule);
    if (!s) {
      throw invalid(SHIFT_MESSAGES.SCHEDULE_NOT_FOUND, {
        shiftSchedule: [SHIFT_MESSAGES.SCHEDULE_NOT_FOUND],
      });
    }
    const rider = await repo.findRider(tx, body.rider);
    if (!rider) {
      throw invalid(SHIFT_MESSAGES.RIDER_NOT_FOUND, { rider: [SHIFT_MESSAGES.RIDER_NOT_FOUND] });
    }
    if (!rider.isActive) {
      throw invalid(SHIFT_MESSAGES.RIDER_INACTIVE, { rider: [SHIFT_MESSAGES.RIDER_INACTIVE] });
    }
    if (rider.regionId !== s.regionId) {
      throw invalid(SHIFT_MESSAGES.RIDER_OTHER_REGION, {
        rider: [SHIFT_MESSAGES.RIDER_OTHER_REGION],
      });
    }
    await checkHotspot(tx, body.hotspot, s.regionId);
    // Two adds of one rider to overlapping schedules queue up here instead of both passing.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`shift-rider:${rider.id}`}, 0))`,
    );
    const mine = await repo.listAssignments(tx, [s.id]);
    if (mine.some((a) => a.rider.id === rider.id)) throw refused(VALIDATION.RIDER_ALREADY_ADDED);
    await refuseOverlaps(tx, {
      riderIds: [rider.id],
      weekday: s.weekday,
      startTime: s.startTime,
      endTime: s.endTime,
      exceptScheduleId: s.id,
    });
    const [row] = await repo.insertAssignments(tx, [
      {
        shiftScheduleId: s.id,
        riderId: rider.id,
        hotspotId: body.hotspot,
        allowBreak: body.allowBreak,
        created: now,
        modified: now,
      },
    ]);
    await refreshScheduleShifts(tx, s.id, now);
    return row!.id;
  });
  return assignmentOut(db, id);
}

export async function updateShiftRider(
  db: Db,
  id: number,
  body: RiderShiftScheduleUpdate,
  now = new Date(),
): Promise<ShiftRiderAssignment> {
  await db.transaction(async (tx) => {
    const a = await repo.findAssignment(tx, id);
    if (!a) throw notFound();
    const s = await repo.lockSchedule(tx, a.shiftScheduleId);
    if (!s) throw notFound();
    await checkHotspot(tx, body.hotspot, s.regionId);
    await repo.updateAssignment(tx, id, { hotspotId: body.hotspot, allowBreak: body.allowBreak });
    await refreshScheduleShifts(tx, s.id, now);
  });
  return assignmentOut(db, id);
}

export async function removeShiftRider(db: Db, id: number, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const a = await repo.findAssignment(tx, id);
    if (!a) throw notFound();
    await repo.lockSchedule(tx, a.shiftScheduleId);
    await repo.deleteAssignment(tx, id);
    await refreshScheduleShifts(tx, a.shiftScheduleId, now);
  });
}
