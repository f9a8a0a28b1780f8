import { BREAK_DURATIONS_MINUTES } from '@dastak/core/constants';
import type { Db } from '../db/client';
import { riderLocationPings } from '../db/schema/riders';
import {
  riderShiftAttendance,
  riderShiftSchedules,
  riderShifts,
  shiftSchedules,
} from '../db/schema/shifts';
import { haversineMetres, jitter } from './geometry';
import { insertRows, maxId } from './insert';
import type { Rng } from './random';
import type { RiderLive } from './rider-profiles';
import { type RiderDraft, SHIFT_SLOTS } from './riders';
import type { DemoContext } from './types';
import { DAY, HOUR, MINUTE } from './types';

const PAST_DAYS = 13;
const ATTENDANCE_DAYS = 2;
const SLOT = 5 * MINUTE;

const hhmm = (hour: number) => `${String(hour).padStart(2, '0')}:00:00`;
const pct = (x: number) => Math.round(x * 100) / 100;

/**
 * Weekly schedules (two slots a day per region), riders on them with a hotspot, dated rider
 * shifts for the last two weeks and tomorrow, 5-minute attendance for recent shifts, and
 * today's location trail of riders on shift.
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
      const end = dayStart + hours.end * HOUR;
      const running = start <= now && now < end;
      const past = end <= now;
      const isPresent = past ? rng.chance(0.93) : running ? state.isOnDuty : false;
      const id = ++shiftId;
      const inside = isPresent && rng.chance(0.85);
      const fix = isPresent ? jitter(rng, hotspot, inside ? 150 : 1200) : null;
      const elapsed = Math.min(now, end) - start;
      const onBreakNow = running && state.breakEndsAt !== null;
      const gaveBreak = past && isPresent && r.allowBreak && rng.chance(0.65);
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
      shifts.push({
        id,
        riderId: r.id,
        shiftScheduleId: scheduleIds.get(`${region.id}|${weekday}|${r.slot}`) ?? null,
        regionId: region.id,
        hotspotId: hotspot.id,
        startDatetime: new Date(start),
        endDatetime: new Date(end),
        state: past
          ? isPresent
            ? 'completed'
            : 'missed'
          : running
            ? isPresent
              ? 'in-progress'
              : 'missed'
            : 'scheduled',
        isPresent,
        breakAlreadyGiven: breakStartedAt !== null,
        breakDurationMins: breakMinutes,
        breakStartedAt: breakStartedAt ? new Date(breakStartedAt) : null,
        riderDidStartInsideHotspot: isPresent ? inside : null,
        hotspotLatitude: fix?.latitude ?? null,
        hotspotLongitude: fix?.longitude ?? null,
        hotspotRecordedAt: fix ? new Date(Math.min(now, start + rng.int(-10, 20) * MINUTE)) : null,
        onTimePercentage: isPresent ? pct(rng.normal(86, 10, 35, 100)) : null,
        onlinePercentage: isPresent ? pct(rng.normal(90, 8, 40, 100)) : null,
        distanceTravelledMetres: isPresent
          ? Math.round((elapsed / (8 * HOUR)) * rng.int(12_000, 65_000))
          : null,
        created: new Date(start - DAY),
        modified: new Date(Math.min(now, end)),
      });
      if (isPresent && start >= ctx.todayStart - ATTENDANCE_DAYS * DAY) {
        let online = true;
        for (let t = start; t < Math.min(end, now); t += SLOT) {
          online = online ? rng.chance(0.97) : rng.chance(0.4);
          attendance.push({ riderShiftId: id, slotStart: new Date(t), isPresent: online });
        }
      }
      if (running && isPresent && fix) trail(rng, pings, r.id, fix, state, start, now);
    }
  }
  await insertRows(db, riderShiftSchedules, assignments);
  await insertRows(db, riderShifts, shifts);
  await insertRows(db, riderShiftAttendance, attendance);
  await insertRows(db, riderLocationPings, pings);
}

/** Pings every 5 minutes from the hotspot fix to where the rider is now. */
function trail(
  rng: Rng,
  pings: (typeof riderLocationPings.$inferInsert)[],
  riderId: number,
  from: { latitude: number; longitude: number },
  to: RiderLive,
  start: number,
  now: number,
): void {
  const steps = Math.max(1, Math.floor((now - start) / SLOT));
  const spread = Math.min(400, haversineMetres(from, to) / 4);
  let battery = rng.int(85, 100);
  for (let i = 0; i <= steps; i++) {
    const f = i / steps;
    const point = {
      latitude: from.latitude + (to.latitude - from.latitude) * f,
      longitude: from.longitude + (to.longitude - from.longitude) * f,
    };
    const at =
      i === steps ? { latitude: to.latitude, longitude: to.longitude } : jitter(rng, point, spread);
    battery = Math.max(5, battery - (rng.chance(0.3) ? 1 : 0));
    pings.push({
      riderId,
      latitude: at.latitude,
      longitude: at.longitude,
      accuracyMetres: rng.int(4, 30),
      battery,
      networkState: true,
      recordedAt: new Date(i === steps ? now - rng.int(5, 120) * 1000 : start + i * SLOT),
    });
  }
}
