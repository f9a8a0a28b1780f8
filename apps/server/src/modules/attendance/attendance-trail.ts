import { ATTENDANCE_RULES } from '@dastak/core/constants';
import * as slots from '@dastak/core/rules/online-slots';
import { haversineMetres } from '../dispatch/public';

/**
 * The pure rules of the ping roll-up (docs/decisions/0037-attendance.md): which pings belong to a
 * shift, the 5-minute slots, presence, the start position, and the distance along a trail with
 * jitter, inaccurate fixes and impossible jumps filtered out. The roll-up and the demo data both
 * use them, so demo figures read as the roll-up would have made them.
 */

const MINUTE = 60_000;
const OPENING_BEFORE_MS = ATTENDANCE_RULES.OPENING_BEFORE_MINUTES * MINUTE;
const OPENING_AFTER_MS = ATTENDANCE_RULES.OPENING_AFTER_MINUTES * MINUTE;

export interface Fix {
  latitude: number;
  longitude: number;
  /** Metres; null when the phone did not say (then taken as accurate enough). */
  accuracyMetres: number | null;
  at: Date;
}

export interface TrailPoint {
  latitude: number;
  longitude: number;
  at: Date;
}

export interface Trail {
  point: TrailPoint | null;
  metres: number;
}

export interface ShiftTimes {
  startDatetime: Date;
  endDatetime: Date;
}

/** The start of the 5-minute slot holding `t` (Karachi is a whole-hour offset from UTC). */
export const slotStartOf = (t: Date) => new Date(slots.slotStartOf(t));

/** Pings in [start - 15 min, end) belong to the shift. */
export const shiftWindowStart = (s: ShiftTimes) =>
  new Date(s.startDatetime.getTime() - OPENING_BEFORE_MS);

export const inShiftWindow = (at: Date, s: ShiftTimes) =>
  at >= shiftWindowStart(s) && at < s.endDatetime;

/** A ping in [start - 15 min, start + 30 min] makes the rider present. */
export const inOpeningWindow = (at: Date, s: ShiftTimes) =>
  at.getTime() >= s.startDatetime.getTime() - OPENING_BEFORE_MS &&
  at.getTime() <= s.startDatetime.getTime() + OPENING_AFTER_MS;

/** The shift's own slots: from the slot holding its start up to its end (rules/online-slots). */
export const isShiftSlot = (slot: Date, s: ShiftTimes) => slots.isShiftSlot(slot, s);

/**
 * Online slots over all of the shift's slots, in percent with 2 decimals, at most 100: the
 * stored whole-shift figure. The list reads online % over the slots so far instead
 * (rules/online-slots.ts riderShiftOnlinePercent), which is this once the shift is over.
 */
export function onlinePercentage(onlineSlots: number, s: ShiftTimes): number {
  return slots.onlinePercent(onlineSlots, slots.shiftSlotCount(s)) ?? 0;
}

/** The start position is inside when within the radius of the shift's hotspot. */
export function startsInsideHotspot(
  fix: { latitude: number; longitude: number },
  hotspot: { latitude: number; longitude: number } | null,
): boolean {
  return (
    hotspot !== null && haversineMetres(fix, hotspot) <= ATTENDANCE_RULES.HOTSPOT_RADIUS_METRES
  );
}

/**
 * Walks fixes (oldest first) from the trail's last counted point. A fix less accurate than the
 * limit is skipped; one closer than the jitter distance to the last counted point is jitter and
 * does not move the point (so slow walking still adds up once it is far enough); one that would
 * need more than the speed limit is an impossible jump and dropped. A fix older than the point
 * cannot extend the trail: the caller replays the shift's pings instead.
 */
export function advanceTrail(trail: Trail, fixes: readonly Fix[]): Trail {
  let { point, metres } = trail;
  for (const f of fixes) {
    if (f.accuracyMetres !== null && f.accuracyMetres > ATTENDANCE_RULES.MAX_ACCURACY_METRES) {
      continue;
    }
    if (!point) {
      point = { latitude: f.latitude, longitude: f.longitude, at: f.at };
      continue;
    }
    const d = haversineMetres(point, f);
    if (d < ATTENDANCE_RULES.MIN_MOVE_METRES) continue;
    const seconds = (f.at.getTime() - point.at.getTime()) / 1000;
    if (seconds <= 0 || d / seconds > ATTENDANCE_RULES.MAX_SPEED_MPS) continue;
    metres += d;
    point = { latitude: f.latitude, longitude: f.longitude, at: f.at };
  }
  return { point, metres };
}
