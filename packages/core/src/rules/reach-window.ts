import { karachiDateString, toKarachiIso } from './karachi-time';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * When a rider may first mark an order reached: the lead before its slot starts (ADR 0055).
 * Without it a rider could walk tomorrow's orders through reached, collected and delivered the
 * night before; collected and delivered follow reached, so this one gate holds all three.
 */
export function reachOpensAt(pickup: Date, leadMinutes: number): Date {
  return new Date(pickup.getTime() - leadMinutes * MINUTE);
}

/** True before the reach opens; at the lead exactly the rider may mark it. */
export function isTooEarlyToReach(pickup: Date, now: Date, leadMinutes: number): boolean {
  return now.getTime() < reachOpensAt(pickup, leadMinutes).getTime();
}

/**
 * The opening as the rider reads it, in Karachi time: '07:00' today, '07:00 tomorrow', or
 * '07:00 on 2025-03-14' further ahead (a 24-hour clock, as a 12-hour one without am/pm misleads).
 */
export function reachOpensLabel(opensAt: Date, now: Date): string {
  const time = toKarachiIso(opensAt).slice(11, 16);
  const day = karachiDateString(opensAt);
  if (day === karachiDateString(now)) return time;
  if (day === karachiDateString(new Date(now.getTime() + DAY))) return `${time} tomorrow`;
  return `${time} on ${day}`;
}
