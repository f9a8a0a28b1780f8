import { AUTO_ASSIGN_HORIZON_MINUTES } from '@dastak/core/constants';
import type { OrderState, Vertical } from '@dastak/core/states';
import type { Rng } from './random';
import { DAY, HOUR, MINUTE } from './types';

/**
 * When an order's pickup is relative to "now" decides which states are believable, and the
 * state decides which timestamps exist. Times are epoch milliseconds.
 */

type Weights = readonly (readonly [OrderState, number])[];

const OLD: Weights = [
  ['delivered', 87.7],
  ['cancelled', 12],
  ['problem', 0.3],
];
const RECENT: Weights = [
  ['delivered', 82],
  ['cancelled', 11],
  ['problem', 3],
  ['collected', 1.5],
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
/** Beyond the auto-assignment horizon (ADR 0003) an order waits in 'scheduled'. */
const LATER: Weights = [
  ['scheduled', 80],
  ['unverified', 12],
  ['cancelled', 8],
];

/** Each state appears at least this often near "now", whatever the order count or hour. */
export const MIN_PER_STATE = 3;

/**
 * Once a slot of the Late Orders tab's window (today; from yesterday in the small hours) has passed
 * by more than the grace, each vertical has at least this many late orders (unreached, rider yet
 * to arrive), as many as the window's past pickups allow. Left to
 * chance, a demo of 2,000 orders has none in some hours, and the dashboard's Late Orders tab,
 * which dispatchers watch all day, would show nothing to work on.
 */
export const MIN_LATE_PER_VERTICAL = 6;
/**
 * Each vertical has at least this many orders assigned with a pickup ahead inside the
 * auto-assignment horizon: riders on their way, whatever the hour.
 */
export const MIN_ASSIGNED_AHEAD_PER_VERTICAL = 3;
/**
 * Each vertical has at least this many online orders unverified with a pickup today (Karachi):
 * the dashboards count today's unverified orders and link them, and left to chance the X-ray
 * dashboard (a fifth of the orders) showed none at most hours.
 */
export const MIN_UNVERIFIED_TODAY_PER_VERTICAL = 2;
/**
 * Each vertical has at least this many riders delivering (collected samples in hand, no pickup
 * left), each with a collected order: the order detail of a collected order, the Riders list's
 * Delivering filter and Force Deliver need them at any hour. Left to chance, a demo made at 23:45
 * had its few collected orders all in X-ray and no blood rider delivering.
 */
export const MIN_DELIVERING_RIDERS_PER_VERTICAL = 2;
/** The late-tracked states a late order is given, as a working day shows them. */
const LATE: Weights = [
  ['assigned', 45],
  ['problem', 30],
  ['needsAssignment', 25],
];

/** The states the demo guarantees, whatever the order count. */
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

const HORIZON = AUTO_ASSIGN_HORIZON_MINUTES * MINUTE;

function plausible(state: OrderState, o: StateInput): boolean {
  const { pickup, now } = o;
  const recent = pickup > now - 36 * HOUR && pickup < now + HORIZON;
  if (o.offline) {
    if (state === 'delivered') return o.vertical === 'blood' && pickup < now - 3 * HOUR;
    if (!['offlineInProgress', 'cancelled', 'scheduled', 'unverified'].includes(state))
      return false;
  }
  switch (state) {
    case 'delivered':
      return pickup < now - 3 * HOUR;
    case 'cancelled':
      return true;
    case 'scheduled':
      return pickup > now + HORIZON;
    case 'reached':
    case 'collected':
      return recent && pickup < now + 30 * MINUTE;
    case 'unverified':
      return pickup > now - 12 * HOUR;
    case 'offlineInProgress':
      return recent;
    default:
      return recent;
  }
}

export type StateInput = {
  pickup: number;
  now: number;
  offline: boolean;
  vertical: Vertical;
  /** The pickup is in the Late Orders tab's window and past slot start + grace: it would be late. */
  lateSlot: boolean;
  /** The pickup is ahead, inside the auto-assignment horizon: the job would have assigned it. */
  aheadSlot: boolean;
  /** The pickup is on today's Karachi date: the day the dashboards count. */
  todaySlot: boolean;
  /**
   * The pickup was placed in the collected window (nearNowWindows) and the region has a rider
   * free to carry the sample to the lab alone (order-build.ts).
   */
  collectedSlot: boolean;
  /** The near-now placement that chose the pickup, if any (orders.ts). */
  placed: NearNowKind | null;
};

/**
 * What the demo still owes each vertical around now (MIN_LATE_..., MIN_ASSIGNED_AHEAD_...,
 * MIN_UNVERIFIED_TODAY_...).
 */
export type NearNowFloors = {
  late: Map<Vertical, number>;
  /**
   * Riders still to be made delivering (MIN_DELIVERING_RIDERS_PER_VERTICAL): counted down by the
   * rider choice (order-build.ts), as a region may have no rider free to take the order.
   */
  delivering: Map<Vertical, number>;
  ahead: Map<Vertical, number>;
  unverifiedToday: Map<Vertical, number>;
};

/** The near-now floors in the order an unplaced order serves them. */
const FLOOR_ORDER: readonly NearNowKind[] = ['collected', 'late', 'soon', 'unverified'];

/** The state that serves the floor, when the order fits it and the floor still wants one. */
function serveFloor(
  rng: Rng,
  kind: NearNowKind,
  o: StateInput,
  missing: Map<OrderState, number>,
  floors: NearNowFloors,
): { state: OrderState; offline: false } | null {
  if (o.offline) return null;
  const counted = (floor: Map<Vertical, number>, state: OrderState) => {
    const wanted = floor.get(o.vertical) ?? 0;
    if (wanted <= 0) return null;
    floor.set(o.vertical, wanted - 1);
    take(missing, state);
    return { state, offline: false as const };
  };
  switch (kind) {
    case 'collected':
      // Counted down by the rider choice (order-build.ts): a region may have no rider free.
      if (!o.collectedSlot || (floors.delivering.get(o.vertical) ?? 0) <= 0) return null;
      take(missing, 'collected');
      return { state: 'collected', offline: false };
    case 'late': {
      if (!o.lateSlot || (floors.late.get(o.vertical) ?? 0) <= 0) return null;
      const state = LATE.map(([s]) => s).find((s) => missing.has(s)) ?? rng.weighted(LATE);
      return counted(floors.late, state);
    }
    case 'soon':
      return o.aheadSlot ? counted(floors.ahead, 'assigned') : null;
    case 'unverified':
      return o.todaySlot && plausible('unverified', o)
        ? counted(floors.unverifiedToday, 'unverified')
        : null;
  }
}

/**
 * A believable state for the pickup time. The first orders near "now" also top up any state
 * seen fewer than MIN_PER_STATE times, so even a small demo at night has every state
 * (forcing offlineInProgress makes the order offline).
 */
export function chooseState(
  rng: Rng,
  o: StateInput,
  missing: Map<OrderState, number>,
  floors: NearNowFloors,
): { state: OrderState; offline: boolean } {
  const { pickup, now } = o;
  // A pickup placed for a floor (NEAR_NOW_KINDS) serves that floor first, so another floor
  // cannot take it and leave its own short; any other order serves the first floor it fits.
  const kinds = o.placed ? [o.placed, ...FLOOR_ORDER.filter((k) => k !== o.placed)] : FLOOR_ORDER;
  for (const kind of kinds) {
    const chosen = serveFloor(rng, kind, o, missing, floors);
    if (chosen) return chosen;
  }
  if (pickup > now - 36 * HOUR) {
    // The least-covered plausible state first, so scarce candidates spread over all states.
    let best: { s: OrderState; left: number; offline: boolean } | null = null;
    for (const [s, left] of missing) {
      const offline = o.offline || s === 'offlineInProgress';
      if ((!best || left > best.left) && plausible(s, { ...o, offline }))
        best = { s, left, offline };
    }
    if (best) {
      take(missing, best.s);
      return { state: best.s, offline: best.offline };
    }
  }
  const age = now - pickup;
  let state: OrderState;
  if (o.offline) {
    if (pickup > now + HORIZON) state = rng.chance(0.9) ? 'scheduled' : 'cancelled';
    else if (age > 3 * HOUR && o.vertical === 'blood')
      state = rng.chance(0.9) ? 'delivered' : 'cancelled';
    else state = rng.chance(0.88) ? 'offlineInProgress' : 'cancelled';
  } else if (age > 2 * DAY) state = rng.weighted(OLD);
  else if (age > 3 * HOUR) state = rng.weighted(RECENT);
  else if (age >= 0) {
    state = rng.weighted(IN_PROGRESS);
    if (state === 'delivered' && age < HOUR) state = 'collected';
  } else if (-age <= HORIZON) {
    state = rng.weighted(SOON);
    if (state === 'assigned' && -age < 20 * MINUTE && rng.chance(0.2)) state = 'reached';
  } else state = rng.weighted(LATER);
  take(missing, state);
  return { state, offline: o.offline };
}

/** Counts one more order of `state` towards its MIN_PER_STATE. */
function take(missing: Map<OrderState, number>, state: OrderState): void {
  const left = missing.get(state) ?? 0;
  if (left <= 1) missing.delete(state);
  else missing.set(state, left - 1);
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

/**
 * Start of the first slot at or after `t` (30- or 60-minute slots). The service collects around
 * the clock, but most patients book the day: half the pickups that would fall between 22:00
 * and 07:00 Karachi move to the next morning's first hours.
 */
export function nextSlot(t: number, todayStart: number, slotMinutes: number, rng: Rng): number {
  const dayIndex = Math.floor((t - todayStart) / DAY);
  const dayStart = todayStart + dayIndex * DAY;
  const hour = (t - dayStart) / HOUR;
  let target = t;
  if (hour < 7 && rng.chance(0.5)) target = dayStart + (7 + rng.int(0, 3)) * HOUR;
  else if (hour >= 22 && rng.chance(0.5)) target = dayStart + DAY + (7 + rng.int(0, 4)) * HOUR;
  const pickup = alignToSlot(target, todayStart, slotMinutes);
  // The late shift ends at midnight, so a slot must end by then: the next morning instead.
  if (endsAfterShifts(pickup, todayStart, slotMinutes)) {
    return alignToSlot(pickup + (8 + rng.int(0, 3)) * HOUR, todayStart, slotMinutes);
  }
  return pickup;
}

/** A slot running past midnight, when the last shift of the day ends: no rider covers it. */
function endsAfterShifts(pickup: number, todayStart: number, slotMinutes: number): boolean {
  const dayEnd = todayStart + (Math.floor((pickup - todayStart) / DAY) + 1) * DAY;
  return pickup + slotMinutes * MINUTE > dayEnd;
}

/** The first slot start of the Karachi day's grid at or after `t`. */
export function alignToSlot(t: number, todayStart: number, slotMinutes: number): number {
  const slot = slotMinutes * MINUTE;
  const sinceDay = t - (todayStart + Math.floor((t - todayStart) / DAY) * DAY);
  return t - sinceDay + Math.ceil(sinceDay / slot) * slot;
}

/**
 * Pickups the demo places around "now" in each vertical, whatever the hour: some already past
 * slot start + grace today (the Late Orders tab) and some inside the auto-assignment horizon
 * (assigned, at the door soon). Left to the booking curve, a night hour has none of either.
 */
export const NEAR_NOW_PICKUPS = {
  late: MIN_LATE_PER_VERTICAL,
  soon: 4,
  unverified: MIN_UNVERIFIED_TODAY_PER_VERTICAL,
} as const;
/**
 * The near-now placements in the order they are tried; each serves the floor of its name
 * (chooseState). 'collected' places while the vertical still owes delivering riders.
 */
export const NEAR_NOW_KINDS = ['collected', 'late', 'soon', 'unverified'] as const;
export type NearNowKind = (typeof NEAR_NOW_KINDS)[number];

export type NearNowWindows = {
  /** Pickups just past, whose samples riders may be carrying to the lab: [start, end]. */
  collected: { start: number; end: number };
  /** Past pickups the Late Orders tab lists if unreached: [start, end]. */
  late: { start: number; end: number };
  /** Pickups the auto-assignment job would already hold: [start, end]. */
  soon: { start: number; end: number };
  /** Today's pickups an order can still be unverified at (plausible): [start, end]. */
  unverified: { start: number; end: number };
};

export function nearNowWindows(
  now: number,
  lateFrom: number,
  lateAfterMinutes: number,
  todayStart: number,
) {
  return {
    collected: { start: now - 3 * HOUR, end: now - 10 * MINUTE },
    late: { start: lateFrom, end: now - (lateAfterMinutes + 1) * MINUTE },
    soon: { start: now + 10 * MINUTE, end: now + HORIZON - 10 * MINUTE },
    unverified: { start: Math.max(todayStart, now - 11 * HOUR), end: todayStart + DAY - MINUTE },
  } satisfies NearNowWindows;
}

/**
 * A pickup inside the window for an order booked at `created` (at least the booking lead after
 * it), on the slot grid; null when the window has no such slot.
 */
export function pickupInWindow(
  rng: Rng,
  window: { start: number; end: number },
  created: number,
  todayStart: number,
  slotMinutes: number,
): number | null {
  const first = alignToSlot(Math.max(window.start, created + 30 * MINUTE), todayStart, slotMinutes);
  if (first > window.end) return null;
  const slots = Math.floor((window.end - first) / (slotMinutes * MINUTE)) + 1;
  const pickup = first + rng.int(0, slots - 1) * slotMinutes * MINUTE;
  return endsAfterShifts(pickup, todayStart, slotMinutes) ? null : pickup;
}
