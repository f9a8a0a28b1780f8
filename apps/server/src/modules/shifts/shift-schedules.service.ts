import {
  type ShiftOption,
  type ShiftSchedule,
  type ShiftScheduleCreate,
  type ShiftScheduleUpdate,
  timeRangeIssues,
} from '@dastak/core/entities/shifts';
import { SHIFT_MESSAGES } from '@dastak/core/messages/shifts';
import type { Db, DbOrTx } from '../../db/client';
import { invalid, notFound, refused } from '../../lib/domain-errors';
import { assertVersion, type Edit, editOrConflict, versionConflict } from '../../lib/versioning';
import { findUserRef } from '../users/public';
import { deleteUpcomingShifts, generateRiderShifts } from './rider-shifts.repository';
import * as repo from './shift-schedules.repository';

/** Weekly shift schedules: the grid, create, edit, delete and copy (spec §2.11). */

export async function listSchedules(
  db: DbOrTx,
  f: { region?: number | undefined; weekday?: number | undefined },
): Promise<ShiftSchedule[]> {
  const rows = await repo.listSchedules(db, { regionId: f.region, weekday: f.weekday });
  const riders = await repo.listAssignments(
    db,
    rows.map((r) => r.schedule.id),
  );
  return rows.map(({ schedule: s, cityName }) => ({
    id: s.id,
    weekday: s.weekday,
    startTime: timeOut(s.startTime),
    endTime: timeOut(s.endTime),
    region: s.regionId,
    cityName,
    riders: riders.filter((a) => a.shiftSchedule === s.id),
    version: s.version,
  }));
}

export async function getSchedule(db: DbOrTx, id: number): Promise<ShiftSchedule> {
  const rows = await repo.listSchedules(db, { id });
  const [s] = rows;
  if (!s) throw notFound();
  const riders = await repo.listAssignments(db, [id]);
  return {
    id,
    weekday: s.schedule.weekday,
    startTime: timeOut(s.schedule.startTime),
    endTime: timeOut(s.schedule.endTime),
    region: s.schedule.regionId,
    cityName: s.cityName,
    riders,
    version: s.schedule.version,
  };
}

export const listShiftOptions = async (db: DbOrTx, region?: number): Promise<ShiftOption[]> =>
  (await repo.listShiftOptions(db, region)).map((o) => ({
    ...o,
    startTime: timeOut(o.startTime),
    endTime: timeOut(o.endTime),
  }));

/**
 * Times as PostgreSQL's time type writes them ('HH:mm:ss'). An end of '24:00:00' (midnight at the
 * end of the day, ADR 0057) goes out as it is: the API's end time takes it.
 */
const timeOut = (time: string) => time;

/** The schedule's upcoming dated shifts follow it at once (time slots and dispatch read them). */
export async function refreshScheduleShifts(tx: DbOrTx, scheduleId: number, now: Date) {
  await deleteUpcomingShifts(tx, scheduleId, now);
  await generateRiderShifts(tx, now, scheduleId);
}

export async function createSchedule(
  db: Db,
  body: ShiftScheduleCreate,
  now = new Date(),
): Promise<ShiftSchedule> {
  if (!(await repo.findRegion(db, body.region))) {
    throw invalid(SHIFT_MESSAGES.REGION_NOT_FOUND, {
      region: [SHIFT_MESSAGES.REGION_NOT_FOUND],
    });
  }
  const row = await repo.insertSchedule(db, {
    regionId: body.region,
    weekday: body.weekday,
    startTime: body.startTime,
    endTime: body.endTime,
    created: now,
    modified: now,
  });
  return getSchedule(db, row.id);
}

/**
 * PATCH /shift/shift-schedules/{id}/. With If-Match, only the version the form read: otherwise
 * 409 with the shift as it is now and who changed it (ADR 0056), and nothing is written.
 */
export async function updateSchedule(
  db: Db,
  id: number,
  body: ShiftScheduleUpdate,
  edit: Edit = { expected: undefined, by: null },
  now = new Date(),
): Promise<ShiftSchedule> {
  await editOrConflict(
    () =>
      db.transaction(async (tx) => {
        const s = await repo.lockSchedule(tx, id);
        if (!s) throw notFound();
        assertVersion(s, edit.expected);
        const next = {
          weekday: body.weekday ?? s.weekday,
          startTime: body.startTime ?? s.startTime,
          endTime: body.endTime ?? s.endTime,
        };
        // One side changed alone can still cross (or meet) the other side's stored value.
        const issues = timeRangeIssues(next.startTime, next.endTime);
        if (issues) {
          throw invalid(issues.startTime, {
            startTime: [issues.startTime],
            endTime: [issues.endTime],
          });
        }
        const riders = await repo.listAssignments(tx, [id]);
        await refuseOverlaps(tx, {
          riderIds: riders.map((r) => r.rider.id),
          ...next,
          exceptScheduleId: id,
        });
        await repo.updateSchedule(tx, id, next, edit.by);
        await refreshScheduleShifts(tx, id, now);
      }),
    async () => {
      const s = await repo.findSchedule(db, id);
      if (!s) return notFound();
      return versionConflict(await getSchedule(db, id), await findUserRef(db, s.modifiedById));
    },
  );
  return getSchedule(db, id);
}

export async function deleteSchedule(db: Db, id: number, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await repo.lockSchedule(tx, id))) throw notFound();
    // Upcoming shifts go with it; history keeps its rows (shiftSchedule becomes null).
    await deleteUpcomingShifts(tx, id, now);
    await repo.deleteSchedule(tx, id);
  });
}

/**
 * POST /shift/copy-shift-schedule/{id}/: the same times on another weekday, its active riders
 * included with their hotspots and breaks.
 */
export async function copySchedule(
  db: Db,
  id: number,
  weekday: number,
  now = new Date(),
): Promise<ShiftSchedule> {
  const newId = await db.transaction(async (tx) => {
    const s = await repo.lockSchedule(tx, id);
    if (!s) throw notFound();
    if (s.weekday === weekday) {
      throw invalid(SHIFT_MESSAGES.COPY_SAME_WEEKDAY, {
        weekday: [SHIFT_MESSAGES.COPY_SAME_WEEKDAY],
      });
    }
    // An inactive rider is put on no shift (ADR 0057): the copy leaves them out.
    const assigned = await repo.listAssignments(tx, [id]);
    const active = await repo.activeUserIds(
      tx,
      assigned.map((r) => r.rider.id),
    );
    const riders = assigned.filter((r) => active.has(r.rider.id));
    await refuseOverlaps(tx, {
      riderIds: riders.map((r) => r.rider.id),
      weekday,
      startTime: s.startTime,
      endTime: s.endTime,
    });
    const copy = await repo.insertSchedule(tx, {
      regionId: s.regionId,
      weekday,
      startTime: s.startTime,
      endTime: s.endTime,
      created: now,
      modified: now,
    });
    await repo.insertAssignments(
      tx,
      riders.map((r) => ({
        shiftScheduleId: copy.id,
        riderId: r.rider.id,
        hotspotId: r.hotspot,
        allowBreak: r.allowBreak,
      })),
    );
    await generateRiderShifts(tx, now, copy.id);
    return copy.id;
  });
  return getSchedule(db, newId);
}

/**
 * 409 when one of the riders already works a shift of that weekday overlapping the times, naming
 * the first such rider (by name, then id) and how many more there are.
 */
export async function refuseOverlaps(
  tx: DbOrTx,
  p: Parameters<typeof repo.findOverlaps>[1],
): Promise<void> {
  const clashes = await repo.findOverlaps(tx, p);
  const [clash] = clashes;
  if (clash) {
    const others = new Set(clashes.map((c) => c.riderId)).size - 1;
    const when = [clash.riderName, clash.startTime.slice(0, 5), clash.endTime.slice(0, 5)] as const;
    throw refused(
      others > 0
        ? SHIFT_MESSAGES.riderOverlapsAndOthers(...when, others)
        : SHIFT_MESSAGES.riderOverlaps(...when),
    );
  }
}
