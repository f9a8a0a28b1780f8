import { LATE_CARRYOVER_HOURS } from '../constants';
import type { FulfillmentMethod, OrderState } from '../states';
import { endOfKarachiDay, startOfKarachiDay, toKarachiIso } from './karachi-time';
import { minutesPastPickup } from './pickup-lateness';

/**
 * 'Late' and 'on time', one definition for the late-orders panel, the at-risk list, the on-time
 * table and the daily on-time rate (docs/decisions/0025-dashboard-calls.md). It is the route
 * model's own rule (ADR 0009): a rider is on time when reaching the door no later than slot start
 * + grace. The sample is collected on time when it is in hand by that deadline plus the service
 * time at the door the same model allows, so a rider who arrives at the deadline and draws blood
 * at the model's pace still counts on time for both.
 */

/** The dispatch tunables this rule reads (ADR 0009; DISPATCH_ON_TIME_GRACE_MINUTES). */
export interface OnTimeModel {
  onTimeGraceMinutes: number;
  pickupServiceMinutes: number;
}

export type Milestone = 'reached' | 'collected';

const MINUTE = 60_000;

/** Epoch ms by which the milestone must happen for the order to count on time. */
export function onTimeDeadline(pickup: Date, milestone: Milestone, model: OnTimeModel): number {
  const extra = milestone === 'collected' ? model.pickupServiceMinutes : 0;
  return pickup.getTime() + (model.onTimeGraceMinutes + extra) * MINUTE;
}

/** States in which the rider has yet to reach the door: the ones that can be late. */
export const LATE_TRACKED_STATES: readonly OrderState[] = [
  'scheduled',
  'needsAssignment',
  'assigned',
  'problem',
];

/** Orders that never go to a door (cancelled, not yet verified) count in no on-time figure. */
export const ON_TIME_EXCLUDED_STATES: readonly OrderState[] = ['cancelled', 'unverified'];

export interface LatenessInput {
  state: OrderState;
  /** Offline (hospital) orders send no rider to a door: never late, in no on-time figure. */
  fulfillmentMethod: FulfillmentMethod;
  pickup: Date;
  reachedAt: Date | null;
}

/** Listed as late: still waiting for the rider at the door, past slot start + grace. */
export function isLate(order: LatenessInput, now: Date, model: OnTimeModel): boolean {
  return (
    order.reachedAt === null &&
    order.fulfillmentMethod === 'online' &&
    LATE_TRACKED_STATES.includes(order.state) &&
    now.getTime() > onTimeDeadline(order.pickup, 'reached', model)
  );
}

/**
 * The pickup window of the Late Orders tab at `now`: today, and also the day before during the
 * first LATE_CARRYOVER_HOURS after Karachi midnight (its late orders are still to be reached).
 */
export function lateOrdersWindow(now: Date): { pickupFrom: string; pickupTo: string } {
  const carried = new Date(now.getTime() - LATE_CARRYOVER_HOURS * 3_600_000);
  return {
    pickupFrom: toKarachiIso(startOfKarachiDay(carried)),
    pickupTo: toKarachiIso(endOfKarachiDay(now)),
  };
}

/**
 * 'Delayed by N mins' of a late order: counted from slot start, the same number the order
 * detail's 'Delayed by' shows (minutesPastPickup). The grace decides when an order is listed,
 * not how its delay reads: a listed order always shows more than the grace.
 */
export const delayedByMinutes = (pickup: Date, now: Date): number => minutesPastPickup(pickup, now);

export interface MilestoneInput {
  state: OrderState;
  fulfillmentMethod: FulfillmentMethod;
  pickup: Date;
  reachedAt: Date | null;
  collectedAt: Date | null;
}

/** When the milestone happened; a collected sample implies the door was reached. */
function milestoneAt(o: MilestoneInput, milestone: Milestone): Date | null {
  return milestone === 'collected' ? o.collectedAt : (o.reachedAt ?? o.collectedAt);
}

/**
 * How an order counts in an on-time figure: 'on' (happened by the deadline), 'off' (happened
 * after it, or has not happened and the deadline has passed) or null (not due yet, or excluded).
 */
export function onTimeOutcome(
  o: MilestoneInput,
  milestone: Milestone,
  now: Date,
  model: OnTimeModel,
): 'on' | 'off' | null {
  if (o.fulfillmentMethod !== 'online' || ON_TIME_EXCLUDED_STATES.includes(o.state)) return null;
  const deadline = onTimeDeadline(o.pickup, milestone, model);
  const at = milestoneAt(o, milestone);
  if (at) return at.getTime() <= deadline ? 'on' : 'off';
  return now.getTime() > deadline ? 'off' : null;
}

/** Share on time of the orders due, in percent to 2 decimals; 0 when none is due. */
export function onTimePercentage(onTime: number, due: number): number {
  if (due <= 0) return 0;
  return Math.round((onTime * 10_000) / due) / 100;
}
