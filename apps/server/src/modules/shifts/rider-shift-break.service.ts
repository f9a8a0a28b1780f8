import type { RiderShift } from '@dastak/core/entities/shifts';
import { SUCCESS } from '@dastak/core/messages';
import { endOfKarachiDay, toKarachiIso } from '@dastak/core/rules/karachi-time';
import { breakRefusal } from '@dastak/core/rules/shift-break';
import type { Db, DbOrTx } from '../../db/client';
import type { riderShifts } from '../../db/schema/shifts';
import { notFound, refused } from '../../lib/domain-errors';
import { publishRidersChanged } from '../../lib/realtime-publish';
import * as repo from './rider-shifts.repository';

/**
 * Breaks (spec §4 Shift): once, only while the shift runs, only where the assignment allows them
 * (rules/shift-break.ts, which the console's Break button asks too).
 */

type RiderShiftRow = typeof riderShifts.$inferSelect;

export const riderShiftOut = (s: RiderShiftRow): RiderShift => ({
  id: s.id,
  startDatetime: toKarachiIso(s.startDatetime),
  endDatetime: toKarachiIso(s.endDatetime),
  state: s.state,
  rider: s.riderId,
  shiftSchedule: s.shiftScheduleId,
  breakAlreadyGiven: s.breakAlreadyGiven,
});

const breakEnd = (s: RiderShiftRow) =>
  s.breakStartedAt && s.breakDurationMins != null
    ? new Date(s.breakStartedAt.getTime() + s.breakDurationMins * 60_000)
    : null;

/**
 * PUT /shift/rider-shifts/{id}/: starts the break now. The rider profile's shiftBreakEndTime
 * keeps dispatch from handing the rider new work until it ends; the realtime stream tells the
 * consoles the rider changed. Asked before the shift's start (a ping in the 15 minutes before it
 * puts the shift in progress) it is refused: it would be used up before the shift begins.
 */
export async function giveBreak(db: Db, id: number, minutes: number, now = new Date()) {
  return db.transaction(async (tx) => {
    const found = await repo.lockRiderShift(tx, id);
    if (!found) throw notFound();
    const { shift, allowBreak } = found;
    const refusal = breakRefusal({ ...shift, allowBreak }, now);
    if (refusal) throw refused(refusal);
    const endsAt = new Date(now.getTime() + minutes * 60_000);
    const updated = await repo.recordBreak(tx, id, shift.riderId, {
      minutes,
      startedAt: now,
      endsAt,
    });
    await publishRidersChanged(tx, [shift.riderId]);
    return {
      detail: SUCCESS.BREAK_GIVEN,
      riderShift: riderShiftOut(updated),
      breakEndsAt: toKarachiIso(endsAt),
    };
  });
}

/** GET /rider-app/shift/: the rider's shift in progress, else the next one today; null if none. */
export async function getOwnShift(db: DbOrTx, riderId: number, now = new Date()) {
  const found = await repo.findCurrentShift(db, riderId, now, endOfKarachiDay(now));
  if (!found) return null;
  const { shift, hotspot } = found;
  const ends = breakEnd(shift);
  return {
    id: shift.id,
    startDatetime: toKarachiIso(shift.startDatetime),
    endDatetime: toKarachiIso(shift.endDatetime),
    state: shift.state,
    breakAlreadyGiven: shift.breakAlreadyGiven,
    breakEndsAt: ends ? toKarachiIso(ends) : null,
    hotspot: hotspot?.id != null ? hotspot : null,
  };
}
