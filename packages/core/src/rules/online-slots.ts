import { ATTENDANCE_SLOT_MS } from '../constants';

/**
 * A rider shift's 5-minute slots and its online %, one count for the Online % donut, the online
 * chart and its caption (docs/decisions/0057-shift-attendance-rules.md).
 *
 * The shift's slots run from the slot holding its start up to its end (8 h = 96). A slot counts
 * once it is over (a last slot cut short by the end is over at the end), or as soon as the rider
 * was online in it; the slots still to come are 'not yet', never offline. Online % = online slots
 * over counted slots, so a rider online all along reads 100 % at any moment of the shift, and a
 * finished shift reads its online slots over all of its slots. Nothing counted yet reads null.
 */

export type Instant = Date | string | number;
export interface ShiftSpan {
  startDatetime: Instant;
  endDatetime: Instant;
}

const SLOT = ATTENDANCE_SLOT_MS;
const ms = (t: Instant) => (typeof t === 'number' ? t : new Date(t).getTime());

/** The start (epoch ms) of the 5-minute slot holding `t` (Karachi is a whole-hour offset). */
export const slotStartOf = (t: Instant): number => Math.floor(ms(t) / SLOT) * SLOT;

const firstSlot = (s: ShiftSpan) => slotStartOf(s.startDatetime);

/** How many 5-minute slots the shift spans. */
export const shiftSlotCount = (s: ShiftSpan): number =>
  Math.max(0, Math.ceil((ms(s.endDatetime) - firstSlot(s)) / SLOT));

/** A slot of the shift's own: from the slot holding its start up to its end. */
export const isShiftSlot = (slot: Instant, s: ShiftSpan): boolean =>
  ms(slot) >= firstSlot(s) && ms(slot) < ms(s.endDatetime);

/** When a slot is over: 5 minutes on, or at the shift's end for a shift slot the end cuts short. */
export const slotEndOf = (slot: Instant, s: ShiftSpan): number => {
  const end = ms(slot) + SLOT;
  return isShiftSlot(slot, s) ? Math.min(end, ms(s.endDatetime)) : end;
};

export type SlotState = 'online' | 'offline' | 'not-yet';

/** A slot drawn on the chart: online if the rider was, offline once over, else not yet. */
export const slotState = (slot: Instant, online: boolean, s: ShiftSpan, now: Instant): SlotState =>
  online ? 'online' : slotEndOf(slot, s) <= ms(now) ? 'offline' : 'not-yet';

/**
 * The shift's slots that count at `now`: those over, and the one running when the rider has been
 * online in it (`runningSlotOnline`).
 */
export function countedSlots(s: ShiftSpan, now: Instant, runningSlotOnline: boolean): number {
  const total = shiftSlotCount(s);
  const at = ms(now);
  if (at >= ms(s.endDatetime)) return total;
  const first = firstSlot(s);
  if (at < first) return 0;
  // Before the end every slot started so far is whole but the running one.
  const over = Math.floor((at - first) / SLOT);
  return Math.min(total, over + (runningSlotOnline ? 1 : 0));
}

/** Online slots over counted ones in percent, 2 decimals, at most 100; null when none counted. */
export function onlinePercent(online: number, counted: number): number | null {
  if (counted <= 0) return null;
  return Math.min(100, Math.round((Math.min(online, counted) / counted) * 10_000) / 100);
}

/** Whether the slot running at `now` (if it is one of the shift's) is `slot`. */
const isRunningSlot = (slot: number, s: ShiftSpan, now: Instant) =>
  slot === slotStartOf(now) && isShiftSlot(slot, s) && slotEndOf(slot, s) > ms(now);

/**
 * The server's figure of a rider shift from its roll-up: `onlineSlots` shift slots with a ping,
 * the newest slot written (`lastSlotStart`) telling whether the running slot is online.
 */
export function riderShiftOnlinePercent(
  s: ShiftSpan & { onlineSlots: number; lastSlotStart: Instant | null },
  now: Instant,
): number | null {
  const running = s.lastSlotStart !== null && isRunningSlot(slotStartOf(s.lastSlotStart), s, now);
  return onlinePercent(s.onlineSlots, countedSlots(s, now, running));
}

export interface OnlineTally {
  /** Shift slots the rider was online in (by `now`). */
  online: number;
  /** Shift slots that count (over, or running and online). */
  counted: number;
  /** Shift slots not counted yet: the rest of a running shift. */
  toCome: number;
  percent: number | null;
}

/** The chart's count from the slots the rider was online in (any order, repeats ignored). */
export function onlineTally(
  s: ShiftSpan,
  onlineSlotStarts: Iterable<Instant>,
  now: Instant,
): OnlineTally {
  const at = ms(now);
  const online = new Set<number>();
  for (const t of onlineSlotStarts) {
    const slot = slotStartOf(t);
    if (isShiftSlot(slot, s) && slot <= at) online.add(slot);
  }
  const running = [...online].some((slot) => isRunningSlot(slot, s, now));
  const counted = countedSlots(s, now, running);
  return {
    online: online.size,
    counted,
    toCome: shiftSlotCount(s) - counted,
    percent: onlinePercent(online.size, counted),
  };
}
