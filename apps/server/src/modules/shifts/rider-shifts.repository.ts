import { ATTENDANCE_RULES, RIDER_SHIFT_DAYS_AHEAD, TIME_ZONE } from '@dastak/core/constants';
import { karachiDateString } from '@dastak/core/rules/karachi-time';
import { and, asc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { hotspots } from '../../db/schema/locations';
import { riderProfiles } from '../../db/schema/riders';
import { riderShiftSchedules, riderShifts, shiftSchedules } from '../../db/schema/shifts';

/** All SQL of the dated rider shifts: generation, time-driven states, breaks, the rider's own. */

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Makes the dated rider shifts of the weekly schedules for the Karachi days today .. today +
 * RIDER_SHIFT_DAYS_AHEAD - 1 in one idempotent statement: a shift already made (same rider and
 * start) is kept, and so is any shift of the rider it would overlap (a started shift of a
 * schedule that has since moved wins over the moved one). Shifts already over are not made.
 * With `scheduleId`, only that schedule's. Answers how many were made.
 */
export async function generateRiderShifts(
  db: DbOrTx,
  now: Date,
  scheduleId?: number,
): Promise<number> {
  const firstDay = karachiDateString(now);
  const start = sql`((d.day + s.start_time) at time zone ${TIME_ZONE})`;
  const end = sql`((d.day + s.end_time) at time zone ${TIME_ZONE})`;
  const result = await db.execute(sql`
    insert into ${riderShifts}
      (rider_id, shift_schedule_id, region_id, hotspot_id, start_datetime, end_datetime)
    select rs.rider_id, s.id, s.region_id, rs.hotspot_id, ${start}, ${end}
    from (select ${firstDay}::date + g as day
          from generate_series(0, ${RIDER_SHIFT_DAYS_AHEAD - 1}) as g) as d
    join ${shiftSchedules} s on s.weekday = extract(isodow from d.day)::int - 1
    join ${riderShiftSchedules} rs on rs.shift_schedule_id = s.id
    where s.start_time < s.end_time
      and ${end} > ${now.toISOString()}::timestamptz
      ${scheduleId !== undefined ? sql`and s.id = ${scheduleId}` : sql``}
      and not exists (
        select 1 from ${riderShifts} x
        where x.rider_id = rs.rider_id and x.start_datetime < ${end} and x.end_datetime > ${start}
      )
    on conflict (rider_id, start_datetime) do nothing
    returning id
  `);
  return rowsOf<{ id: number }>(result).length;
}

/** The schedule's future shifts nobody has started yet; history and started shifts stay. */
export async function deleteUpcomingShifts(tx: DbOrTx, scheduleId: number, now: Date) {
  await tx
    .delete(riderShifts)
    .where(
      and(
        eq(riderShifts.shiftScheduleId, scheduleId),
        eq(riderShifts.state, 'scheduled'),
        gt(riderShifts.startDatetime, now),
      ),
    );
}

/**
 * The time-driven states (ATTENDANCE_RULES): in progress -> completed at the end; scheduled
 * (never pinged) -> missed once the opening window after the start has passed.
 */
export async function advanceShiftStates(db: DbOrTx, now: Date) {
  const completed = await db
    .update(riderShifts)
    .set({ state: 'completed', modified: now })
    .where(and(eq(riderShifts.state, 'in-progress'), sql`${riderShifts.endDatetime} <= ${now}`))
    .returning({ id: riderShifts.id });
  const missedBefore = new Date(now.getTime() - ATTENDANCE_RULES.OPENING_AFTER_MINUTES * 60_000);
  const missed = await db
    .update(riderShifts)
    .set({ state: 'missed', modified: now })
    .where(and(eq(riderShifts.state, 'scheduled'), lt(riderShifts.startDatetime, missedBefore)))
    .returning({ id: riderShifts.id });
  return { completed: completed.length, missed: missed.length };
}

/** The rider shift with the break rule of its assignment, locked for the break. */
export function lockRiderShift(tx: DbOrTx, id: number) {
  return tx
    .select({ shift: riderShifts, allowBreak: riderShiftSchedules.allowBreak })
    .from(riderShifts)
    .leftJoin(
      riderShiftSchedules,
      and(
        eq(riderShiftSchedules.shiftScheduleId, riderShifts.shiftScheduleId),
        eq(riderShiftSchedules.riderId, riderShifts.riderId),
      ),
    )
    .where(eq(riderShifts.id, id))
    .for('update', { of: riderShifts })
    .then((r) => r[0]);
}

export function recordBreak(
  tx: DbOrTx,
  id: number,
  riderId: number,
  p: { minutes: number; startedAt: Date; endsAt: Date },
) {
  return Promise.all([
    tx
      .update(riderShifts)
      .set({
        breakDurationMins: p.minutes,
        breakStartedAt: p.startedAt,
        breakAlreadyGiven: true,
        modified: p.startedAt,
      })
      .where(eq(riderShifts.id, id))
      .returning()
      .then((r) => r[0]!),
    tx
      .update(riderProfiles)
      .set({ shiftBreakEndTime: p.endsAt })
      .where(eq(riderProfiles.userId, riderId)),
  ]).then(([shift]) => shift);
}

/**
 * The rider's shift in progress, else the first one not over yet that starts before `dayEnd`
 * (a scheduled shift the rider has not pinged into yet counts until it is missed).
 */
export async function findCurrentShift(db: DbOrTx, riderId: number, now: Date, dayEnd: Date) {
  const cols = {
    shift: riderShifts,
    hotspot: {
      id: hotspots.id,
      name: hotspots.name,
      latitude: hotspots.latitude,
      longitude: hotspots.longitude,
    },
  };
  const base = () =>
    db
      .select(cols)
      .from(riderShifts)
      .leftJoin(hotspots, eq(hotspots.id, riderShifts.hotspotId))
      .orderBy(asc(riderShifts.startDatetime))
      .limit(1);
  const [current] = await base().where(
    and(eq(riderShifts.riderId, riderId), eq(riderShifts.state, 'in-progress')),
  );
  if (current) return current;
  const [next] = await base().where(
    and(
      eq(riderShifts.riderId, riderId),
      inArray(riderShifts.state, ['scheduled']),
      gt(riderShifts.endDatetime, now),
      lt(riderShifts.startDatetime, dayEnd),
    ),
  );
  return next;
}
