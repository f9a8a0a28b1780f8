import type { DispatchConfig } from '../dispatch-config';
import type { Leg, Point } from './distance';

/**
 * The one model of a rider's day that scoring, the solver and the benchmarks share: the rider
 * starts where the phone last was (after any break), does the pickups in slot order, waits at
 * the door until the stop's earliest time, spends a service time at each, and is on time when
 * reaching the door no later than the stop's latest time (slot start + grace unless the order
 * says otherwise). When the rider has a route end (the collection centre) the last leg is priced
 * and its lateness reported; otherwise deliveries move no arrival and are left out.
 * The solver's free sequence (route-search.ts) walks the same rules in any order.
 */

export type TravelFn = (from: Point, to: Point) => Leg;
const MINUTE = 60_000;
export type RouteModel = Pick<
  DispatchConfig,
  'pickupServiceMinutes' | 'onTimeGraceMinutes' | 'lateMinuteWeight'
> &
  /** Dispatch plans fasting stops to it; without it (reports' on-time, ADR 0025) the usual grace. */
  Partial<Pick<DispatchConfig, 'fastingGraceMinutes'>>;

/** A pickup to make: an order's door and its slot start (epoch ms). */
export interface Stop {
  orderId: number;
  point: Point;
  pickup: number;
  /** The rider is at this door now (order reached): it stays first. */
  pinned?: boolean;
  /** Earliest service start (epoch ms); the slot start when absent. */
  earliest?: number;
  /**
   * Latest on-time arrival (epoch ms); slot start + grace when absent. Tighter for fasting or
   * urgent orders, wider for a benchmark's own windows.
   */
  latest?: number;
  /** Room the pickup takes in the box (one sample kit by default). */
  load?: number;
  /** The patient is fasting: without `latest`, the window closes at the fasting grace (ADR 0044). */
  fasting?: boolean;
}

/** Where a rider's route must end: the collection centre the samples go to, by a time. */
export interface RouteEnd {
  point: Point;
  /** Epoch ms the rider must be there by (before the samples expire). */
  latest: number;
}

/** A stop's window [earliest, latest] in epoch ms under the model's defaults. */
export function stopWindow(stop: Stop, model: RouteModel): [number, number] {
  return [
    stop.earliest ?? stop.pickup,
    stop.latest ??
      stop.pickup +
        (stop.fasting
          ? (model.fastingGraceMinutes ?? model.onTimeGraceMinutes)
          : model.onTimeGraceMinutes) *
          MINUTE,
  ];
}

export const stopLoad = (stop: Stop) => stop.load ?? 1;

export interface RiderModel {
  id: number;
  regionId: number;
  /** The city of the rider's home region: a rider never serves another city. */
  cityId: number | null;
  position: Point | null;
  isOnDuty: boolean;
  isOnline: boolean;
  /** 0 idle, 1 picking up, 2 full, 3 delivering. */
  state: number;
  isWildcard: boolean;
  isCovid: boolean;
  capacity: number;
  cellId: number | null;
  /** Epoch ms the rider can start moving (end of a break), 0 when free now. */
  availableFrom: number;
  /** Pending pickups already held, in the queue's order. */
  pickups: Stop[];
  /** Pending pickups plus collected samples not yet delivered: both take room in the box. */
  inHand: number;
  /** A rider of this region whose last position lies outside it (not wildcard). */
  outsideHomeRegion: boolean;
  /** When set, the route ends here: the last leg is priced and must arrive by `latest`. */
  end?: RouteEnd | null;
}

export interface OrderModel extends Stop {
  regionId: number;
  /** The city of the order's region (null when the region is unknown). */
  cityId: number | null;
  /** The rider the order is assigned to now (a re-assign looks for another). */
  assignedRiderId?: number | null;
  isCovid: boolean;
  /** The hyperlocal cell the door lies in, if any. */
  cellId: number | null;
}

export interface RoutePlan {
  travelMinutes: number;
  travelMetres: number;
  /** Minutes past slot start + grace, summed over the pickups already held. */
  lateExisting: number;
  /** The same over the added pickups. */
  lateAdded: number;
  /** Arrival at the target stop, with the road covered to get there. */
  target: { arrival: number; metres: number; minutes: number; lateMinutes: number } | null;
  /** Minutes past the route end's latest time (0 when the rider has no set end). */
  endLateMinutes: number;
  /** Epoch ms at the route end (the collection centre), null without an end or a position. */
  endArrival: number | null;
}

const bySlot = (a: Stop, b: Stop) =>
  (b.pinned ? 1 : 0) - (a.pinned ? 1 : 0) || a.pickup - b.pickup || a.orderId - b.orderId;

/** Walks the rider's pickups plus `added` in slot order from `now`. */
export function planRoute(
  rider: RiderModel,
  added: readonly Stop[],
  now: number,
  travel: TravelFn,
  model: RouteModel,
  targetOrderId = -1,
): RoutePlan {
  const plan: RoutePlan = {
    travelMinutes: 0,
    travelMetres: 0,
    lateExisting: 0,
    lateAdded: 0,
    target: null,
    endLateMinutes: 0,
    endArrival: null,
  };
  if (!rider.position) return plan;
  const stops: Stop[] =
    added.length === 0 ? rider.pickups : [...rider.pickups, ...added].sort(bySlot);
  let t = Math.max(now, rider.availableFrom);
  let at = rider.position;
  const service = model.pickupServiceMinutes * MINUTE;
  for (const stop of stops) {
    const leg = travel(at, stop.point);
    plan.travelMinutes += leg.minutes;
    plan.travelMetres += leg.metres;
    const arrival = t + leg.minutes * MINUTE;
    const [earliest, latest] = stopWindow(stop, model);
    const late = Math.max(0, arrival - latest) / MINUTE;
    const isAdded = added.length > 0 && added.includes(stop);
    if (isAdded) plan.lateAdded += late;
    else plan.lateExisting += late;
    if (stop.orderId === targetOrderId) {
      plan.target = {
        arrival,
        metres: plan.travelMetres,
        minutes: plan.travelMinutes,
        lateMinutes: late,
      };
    }
    // Early riders wait for the slot: patients book a window, not "as soon as possible".
    t = Math.max(arrival, earliest) + service;
    at = stop.point;
  }
  if (rider.end) {
    const leg = travel(at, rider.end.point);
    plan.travelMinutes += leg.minutes;
    plan.travelMetres += leg.metres;
    plan.endArrival = t + leg.minutes * MINUTE;
    plan.endLateMinutes = Math.max(0, plan.endArrival - rider.end.latest) / MINUTE;
  }
  return plan;
}

/** The solver's price of a route: travel plus weighted lateness of pickups already held. */
export function routeCost(plan: RoutePlan, model: RouteModel): number {
  return plan.travelMinutes + model.lateMinuteWeight * plan.lateExisting;
}

export const pickupsInHand = (r: RiderModel) => r.inHand;
