import {
  ATTENDANCE_RULES,
  BREAK_DURATIONS_MINUTES,
  ON_TIME_RATE_DAYS,
} from '@dastak/core/constants';
import type { Db } from '../db/client';
import { riderLocationPings } from '../db/schema/riders';
import {
  riderShiftAttendance,
  riderShiftSchedules,
  riderShifts,
  shiftSchedules,
} from '../db/schema/shifts';
import {
  advanceTrail,
  isShiftSlot,
  onlinePercentage,
  slotStartOf,
} from '../modules/attendance/attendance-trail';
import { haversineMetres, jitter } from './geometry';
import { insertRows, maxId } from './insert';
import type { Rng } from './random';
import type { RiderLive } from './rider-profiles';
import { type RiderDraft, SHIFT_SLOTS } from './riders';
import type { DemoContext } from './types';
import { DAY, HOUR, MINUTE } from './types';

const PAST_DAYS = 13;
/**
 * Days back whose shifts keep their 5-minute slot rows (the online chart): a week with today, as
 * the on-time stats. Older demo shifts carry their figures only; rows for all 13 days (~170 k)
 * made the demo load 8 s slower.
 */
const ATTENDANCE_DAYS = ON_TIME_RATE_DAYS - 1;
const SLOT = 5 * MINUTE;

/** A schedule's time of day; the late shift's 24 is 24:00, midnight at the day's end (ADR 0057). */
const hhmm = (hour: number) => `${String(hour).padStart(2, '0')}:00:00`;
/** The same end as a dated shift's offset from its day's start (24:00 is the next day's 00:00). */
const endOffset = (hour: number) => hour * HOUR;
const pct = (x: number) => Math.round(x * 100) / 100;

/**
 * Weekly schedules (four shifts a day per region, every hour covered), riders on them with a hotspot, dated rider
 * shifts for the last two weeks and tomorrow with the attendance figures and 5-minute slots the
 * ping roll-up would have made (some riders late, some absent, some starting away from the
 * hotspot, gaps offline), and today's location trail of riders on shift.
 */
export async function insertShifts(
  db: Db,
  ctx: DemoContext,
  rng: Rng,
  riders: RiderDraft[],
  live: Map<number, RiderLive>,
): Promise<void> {
  const now = ctx.now.getTime();
  let scheduleId = await maxId(db, shiftSchedules);
  const scheduleIds = new Map<string, number>();
  const schedules: (typeof shiftSchedules.$inferInsert)[] = [];
  for (const region of ctx.regions) {
    for (let weekday = 0; weekday < 7; weekday++) {
      SHIFT_SLOTS.forEach((slot, i) => {
        scheduleIds.set(`${region.id}|${weekday}|${i}`, ++scheduleId);
        schedules.push({
          id: scheduleId,
          regionId: region.id,
          weekday,
          startTime: hhmm(slot.start),
          endTime: hhmm(slot.end),
        });
      });
    }
  }
  await insertRows(db, shiftSchedules, schedules);

  const assignments: (typeof riderShiftSchedules.$inferInsert)[] = [];
  const shifts: (typeof riderShifts.$inferInsert)[] = [];
  const attendance: (typeof riderShiftAttendance.$inferInsert)[] = [];
  const pings: (typeof riderLocationPings.$inferInsert)[] = [];
  let shiftId = await maxId(db, riderShifts);
  for (const r of riders) {
    const region = ctx.regions.find((g) => g.id === r.regionId);
    const hotspot = region?.hotspots.find((h) => h.id === r.hotspotId) ?? region?.hotspots[0];
    const state = live.get(r.id);
    if (!region || !hotspot || !state) continue;
    for (let weekday = 0; weekday < 7; weekday++) {
      if (weekday === r.dayOff) continue;
      assignments.push({
        shiftScheduleId: scheduleIds.get(`${region.id}|${weekday}|${r.slot}`) as number,
        riderId: r.id,
        hotspotId: hotspot.id,
        allowBreak: r.allowBreak,
      });
    }
    const hours = SHIFT_SLOTS[r.slot];
    for (let d = -PAST_DAYS; d <= 1; d++) {
      const dayStart = ctx.todayStart + d * DAY;
      const weekday = (new Date(dayStart + 12 * HOUR).getUTCDay() + 6) % 7;
      if (weekday === r.dayOff) continue;
      const start = dayStart + hours.start * HOUR;
      const end = dayStart + endOffset(hours.end);
      const times = { startDatetime: new Date(start), endDatetime: new Date(end) };
      const running = start <= now && now < end;
      const past = end <= now;
      // On time: online in the opening window. Some absent riders turn up late, past it.
      const onTime = past ? rng.chance(0.93) : running ? state.isOnDuty : false;
      const lateComer = past && !onTime && rng.chance(0.4);
      const came = onTime || lateComer;
      const id = ++shiftId;
      const inside = came && rng.chance(0.85);
      const fix = came ? jitter(rng, hotspot, inside ? 150 : 1200) : null;
      const firstAt = Math.min(
        now - MINUTE,
        start + (onTime ? rng.int(-10, 20) : rng.int(40, 120)) * MINUTE,
      );
      const onBreakNow = running && state.breakEndsAt !== null;
      const gaveBreak = past && came && r.allowBreak && rng.chance(0.65);
      const breakMinutes = onBreakNow
        ? state.breakMinutes
        : gaveBreak
          ? rng.pick(BREAK_DURATIONS_MINUTES)
          : null;
      const breakStartedAt = onBreakNow
        ? (state.breakEndsAt as number) - (breakMinutes ?? 15) * MINUTE
        : gaveBreak
          ? start + rng.int(180, 300) * MINUTE
          : null;

      // What the roll-up would have made of the rider's pings (docs/decisions/0037): the slots
      // with a ping, the start position, the trail and its distance. Running shifts get the raw
      // pings too; past days' pings are summed up here as the roll-up kept them.
      let slots: number[] = [];
      let distance: number | null = null;
      let trailPoint: { latitude: number; longitude: number; at: Date } | null = null;
      if (fix) {
        const online = onlineSlots(rng, firstAt, Math.min(end, now));
        if (running) {
          const track = trail(rng, r.id, fix, state, firstAt, online, now);
          pings.push(...track);
          const walked = advanceTrail(
            { point: null, metres: 0 },
            track.map((p) => ({
              latitude: p.latitude,
              longitude: p.longitude,
              accuracyMetres: p.accuracyMetres ?? null,
              at: p.recordedAt,
            })),
          );
          slots = [...new Set(track.map((p) => slotStartOf(p.recordedAt).getTime()))];
          distance = Math.round(walked.metres);
          trailPoint = walked.point;
        } else {
          slots = online;
          const lastSlot = online[online.length - 1] ?? firstAt;
          distance = Math.round((online.length / 96) * rng.int(12_000, 65_000));
          trailPoint = {
            ...jitter(rng, hotspot, 3000),
            at: new Date(lastSlot + rng.int(0, 299) * 1000),
          };
        }
      }
      const shiftSlots = slots.filter((t) => isShiftSlot(new Date(t), times)).length;
      shifts.push({
        id,
        riderId: r.id,
        shiftScheduleId: scheduleIds.get(`${region.id}|${weekday}|${r.slot}`) ?? null,
        regionId: region.id,
        hotspotId: hotspot.id,
        ...times,
        state: past
          ? came
            ? 'completed'
            : 'missed'
          : running
            ? onTime
              ? 'in-progress'
              : now > start + ATTENDANCE_RULES.OPENING_AFTER_MINUTES * MINUTE
                ? 'missed'
                : 'scheduled'
            : 'scheduled',
        isPresent: onTime,
        breakAlreadyGiven: breakStartedAt !== null,
        breakDurationMins: breakMinutes,
        breakStartedAt: breakStartedAt ? new Date(breakStartedAt) : null,
        riderDidStartInsideHotspot: came ? inside : null,
        hotspotLatitude: fix?.latitude ?? null,
        hotspotLongitude: fix?.longitude ?? null,
        hotspotRecordedAt: fix ? new Date(firstAt) : null,
        onTimePercentage: came ? pct(rng.normal(86, 10, 35, 100)) : null,
        onlineSlots: shiftSlots,
        onlinePercentage: came ? onlinePercentage(shiftSlots, times) : null,
        lastSlotStart: slots.length ? new Date(Math.max(...slots)) : null,
        distanceTravelledMetres: distance,
        trailLatitude: trailPoint?.latitude ?? null,
        trailLongitude: trailPoint?.longitude ?? null,
        trailRecordedAt: trailPoint?.at ?? null,
        created: new Date(start - DAY),
        modified: new Date(Math.min(now, end)),
      });
      if (start >= ctx.todayStart - ATTENDANCE_DAYS * DAY) {
        for (const t of slots) {
          attendance.push({ riderShiftId: id, slotStart: new Date(t), isPresent: true });
        }
      }
    }
  }
  await insertRows(db, riderShiftSchedules, assignments);
  await insertRows(db, riderShifts, shifts);
  await insertRows(db, riderShiftAttendance, attendance);
  await insertRows(db, riderLocationPings, pings);
}

/**
 * The 5-minute slots with a ping, from the first fix's slot to `until`: a rider mostly stays
 * online, and once off tends to stay off a while (a gap in coverage, a dead battery).
 */
function onlineSlots(rng: Rng, firstAt: number, until: number): number[] {
  const out: number[] = [];
  let online = true;
  for (let t = slotStartOf(new Date(firstAt)).getTime(); t < until; t += SLOT) {
    if (out.length > 0 || !online) online = online ? rng.chance(0.97) : rng.chance(0.4);
    if (online) out.push(t);
  }
  return out;
}

/**
 * Today's pings of a rider on shift: the first at the start fix, one in each online slot along
 * the way to where the rider is now, and the last a moment ago at the live position.
 */
function trail(
  rng: Rng,
  riderId: number,
  from: { latitude: number; longitude: number },
  to: RiderLive,
  firstAt: number,
  online: number[],
  now: number,
): (typeof riderLocationPings.$inferInsert)[] {
  const lastAt = Math.max(firstAt, now - rng.int(5, 120) * 1000);
  const times = [
    firstAt,
    ...online.map((t) => t + rng.int(0, 299) * 1000).filter((t) => t > firstAt && t < lastAt),
    lastAt,
  ];
  const spread = Math.min(400, haversineMetres(from, to) / 4);
  let battery = rng.int(85, 100);
  return times.map((at, i) => {
    const f = times.length > 1 ? i / (times.length - 1) : 1;
    const point = {
      latitude: from.latitude + (to.latitude - from.latitude) * f,
      longitude: from.longitude + (to.longitude - from.longitude) * f,
    };
    const here =
      i === 0
        ? from
        : i === times.length - 1
          ? { latitude: to.latitude, longitude: to.longitude }
          : jitter(rng, point, spread);
    battery = Math.max(5, battery - (rng.chance(0.3) ? 1 : 0));
    return {
      riderId,
      latitude: here.latitude,
      longitude: here.longitude,
      accuracyMetres: rng.int(4, 30),
      battery,
      networkState: true,
      recordedAt: new Date(at),
    };
  });
}
