import type { OrderState } from '@dastak/core/states';
import type { Rng } from './random';
import { DAY, HOUR, MINUTE } from './types';

/**
 * When an order's pickup is relative to "now" decides which states are believable, and the
 * state decides which timestamps exist. Times are epoch milliseconds.
 */

type Weights = readonly (readonly [OrderState, number])[];

const OLD: Weights = [
  ['delivered', 87],
  ['cancelled', 12],
  ['problem', 1],
];
const RECENT: Weights = [
  ['delivered', 82],
  ['cancelled', 11],
  ['problem', 4],
  ['collected', 2],
  ['unverified', 1],
];
const IN_PROGRESS: Weights = [
  ['delivered', 20],
  ['collected', 25],
  ['reached', 15],
  ['assigned', 14],
  ['problem', 10],
  ['cancelled', 8],
  ['needsAssignment', 8],
];
const SOON: Weights = [
  ['assigned', 50],
  ['needsAssignment', 22],
  ['unverified', 8],
  ['problem', 6],
  ['cancelled', 7],
];
const LATER_TODAY: Weights = [
  ['scheduled', 45],
  ['needsAssignment', 20],
  ['assigned', 15],
  ['unverified', 12],
  ['cancelled', 8],
];
const FUTURE: Weights = [
  ['scheduled', 78],
  ['unverified', 14],
  ['cancelled', 8],
];

/** The states the demo guarantees to contain at least once, whatever the order count. */
export const REQUIRED_STATES: readonly OrderState[] = [
  'reached',
  'collected',
  'assigned',
  'needsAssignment',
  'problem',
  'offlineInProgress',
  'unverified',
  'scheduled',
  'cancelled',
  'delivered',
];

function plausible(state: OrderState, pickup: number, now: number): boolean {
  const recent = pickup > now - 36 * HOUR && pickup < now + 36 * HOUR;
  switch (state) {
    case 'delivered':
      return pickup < now - 3 * HOUR;
    case 'cancelled':
      return true;
    case 'scheduled':
      return pickup > now + 2 * HOUR;
    case 'reached':
    case 'collected':
      return recent && pickup < now + 30 * MINUTE;
    case 'unverified':
      return pickup > now - 12 * HOUR;
    default:
      return recent;
  }
}

export function chooseState(
  rng: Rng,
  pickup: number,
  now: number,
  offline: boolean,
  todayEnd: number,
  missing: Set<OrderState>,
): OrderState {
  if (pickup > now - 36 * HOUR) {
    for (const s of missing) {
      if (plausible(s, pickup, now)) {
        missing.delete(s);
        return s;
      }
    }
  }
  const age = now - pickup;
  let state: OrderState;
  if (offline) {
    if (age > 3 * HOUR) state = rng.chance(0.9) ? 'delivered' : 'cancelled';
    else if (pickup > todayEnd) state = rng.chance(0.9) ? 'scheduled' : 'cancelled';
    else state = rng.chance(0.85) ? 'offlineInProgress' : 'cancelled';
  } else if (age > 2 * DAY) state = rng.weighted(OLD);
  else if (age > 3 * HOUR) state = rng.weighted(RECENT);
  else if (age >= 0) {
    state = rng.weighted(IN_PROGRESS);
    if (state === 'delivered' && age < HOUR) state = 'collected';
  } else if (-age < 2 * HOUR) {
    state = rng.weighted(SOON);
    if (state === 'assigned' && -age < 20 * MINUTE && rng.chance(0.2)) state = 'reached';
  } else if (pickup <= todayEnd) state = rng.weighted(LATER_TODAY);
  else state = rng.weighted(FUTURE);
  missing.delete(state);
  return state;
}

/**
 * Makes event times strictly increasing (at least a minute apart) and inside (lower, upper],
 * moving as little as possible; squeezes them evenly when the window is too small.
 */
export function fitTimes(times: number[], lower: number, upper: number): number[] {
  const out = times.slice();
  const n = out.length;
  if (n === 0) return out;
  if (upper - lower < (n + 1) * MINUTE) {
    const step = (upper - lower) / (n + 1);
    return out.map((_, i) => Math.round(lower + step * (i + 1)));
  }
  for (let i = 0; i < n; i++) {
    const prev = i === 0 ? lower : (out[i - 1] as number);
    out[i] = Math.max(out[i] as number, prev + MINUTE);
  }
  for (let i = n - 1; i >= 0; i--) {
    const next = i === n - 1 ? upper : (out[i + 1] as number) - MINUTE;
    out[i] = Math.min(out[i] as number, next);
  }
  return out;
}

/** Start of the first slot at or after `t` within 07:00-20:00 Karachi; 30- or 60-minute slots. */
export function nextSlot(t: number, todayStart: number, slotMinutes: number, rng: Rng): number {
  const dayIndex = Math.floor((t - todayStart) / DAY);
  const dayStart = todayStart + dayIndex * DAY;
  const hour = (t - dayStart) / HOUR;
  let target = t;
  if (hour < 7) target = dayStart + (7 + rng.int(0, 3)) * HOUR;
  else if (hour >= 20) target = dayStart + DAY + (7 + rng.int(0, 4)) * HOUR;
  const slot = slotMinutes * MINUTE;
  const sinceDay = target - (todayStart + Math.floor((target - todayStart) / DAY) * DAY);
  return target - sinceDay + Math.ceil(sinceDay / slot) * slot;
}
