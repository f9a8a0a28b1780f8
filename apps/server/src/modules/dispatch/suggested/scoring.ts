import { RIDER_STATES } from '@dastak/core/states';
import type { DispatchConfig } from '../dispatch-config';
import { haversineMetres } from '../routing/distance';
import {
  type OrderModel,
  pickupsInHand,
  planRoute,
  type RiderModel,
  type TravelFn,
} from '../routing/route-plan';

/** The six tabs of the assign modal (spec §3 Assignable rider result). */
export const RIDER_GROUPS = [
  'availableRiders',
  'lateRiders',
  'outOfCapacityRiders',
  'deliveringRiders',
  'outOfRegionRiders',
  'offDutyRiders',
] as const;
export type RiderGroup = (typeof RIDER_GROUPS)[number];

/** Points per part of the score; they add up to 100 for a perfect rider. */
export const SCORE_WEIGHTS = { travel: 40, lateness: 30, load: 15, cellCoverage: 10, skills: 5 };
/** Travel points fall to 0 at this many minutes on the road; lateness points at this many late. */
const TRAVEL_ZERO_MINUTES = 60;
const LATENESS_ZERO_MINUTES = 60;

export type ScoreBreakdown = Record<keyof typeof SCORE_WEIGHTS, number>;

/** Cell minimums of a hyperlocal region and how many free riders each holds now. */
export interface CellContext {
  hyperlocal: boolean;
  minRiders: Map<number, number>;
  freeRiders: Map<number, number>;
}

export interface ScoringContext {
  now: number;
  travel: TravelFn;
  config: DispatchConfig;
  cells: CellContext;
}

export interface RiderEstimate {
  riderId: number;
  group: RiderGroup;
  totalScore: number;
  roadDistance: number | null;
  onRoadTime: number | null;
  breakdown: ScoreBreakdown;
  /** Epoch ms at the door, null without a position. */
  arrival: number | null;
  /** Minutes past slot start + grace (0 when on time). */
  lateMinutes: number;
  /**
   * Minutes this pickup would make the rider reach the collection centre after a held sample
   * expires (0 when it costs no sample; ADR 0048). Such a rider is listed late, never available.
   */
  sampleLateMinutes: number;
}

/** A rider counts for a cell while on duty, online and not carrying samples away. */
export const isFree = (r: RiderModel) =>
  r.isOnDuty && r.isOnline && r.state !== RIDER_STATES.DELIVERING;

export function cellContext(
  riders: readonly RiderModel[],
  cells: readonly { id: number; minRiders: number }[],
  hyperlocal: boolean,
): CellContext {
  const freeRiders = new Map<number, number>();
  for (const r of riders) {
    if (r.cellId != null && isFree(r))
      freeRiders.set(r.cellId, (freeRiders.get(r.cellId) ?? 0) + 1);
  }
  return { hyperlocal, minRiders: new Map(cells.map((c) => [c.id, c.minRiders])), freeRiders };
}

/** Sending this rider to the order would leave the rider's cell under its minimum. */
export function drainsCell(
  order: OrderModel,
  rider: RiderModel,
  cells: CellContext,
  alreadyLeaving = 0,
): boolean {
  if (!cells.hyperlocal || rider.cellId == null || rider.cellId === order.cellId) return false;
  const min = cells.minRiders.get(rider.cellId);
  if (min === undefined) return false; // a cell of a region not in hyperlocal mode
  const free = cells.freeRiders.get(rider.cellId) ?? 0;
  return free - alreadyLeaving - 1 < min;
}

/**
 * A rider of another city is no candidate at all: a wildcard may cross regions within its city,
 * never cities (a rider 1,500 km away is not 'late', he is elsewhere).
 */
export const sameCity = (order: OrderModel, rider: RiderModel) =>
  order.cityId !== null && rider.cityId === order.cityId;

/** Covid orders need covid riders; other regions' riders only when wildcard, of the same city. */
export function hasSkills(order: OrderModel, rider: RiderModel): boolean {
  if (order.isCovid && !rider.isCovid) return false;
  if (!sameCity(order, rider)) return false;
  return rider.regionId === order.regionId || rider.isWildcard;
}

/** The group a rider falls in before any estimate; null when the rider may be estimated. */
export function preGroup(order: OrderModel, rider: RiderModel): RiderGroup | null {
  // A rider on a break (availableFrom is set only while one runs) takes no new work until it
  // ends: listed with the off-duty riders, never a candidate for auto-assignment.
  if (!rider.isOnDuty || !rider.isOnline || rider.availableFrom > 0) return 'offDutyRiders';
  if (rider.state === RIDER_STATES.DELIVERING) return 'deliveringRiders';
  if (rider.state === RIDER_STATES.PICKING_UP_FULL || pickupsInHand(rider) >= rider.capacity) {
    return 'outOfCapacityRiders';
  }
  if (rider.outsideHomeRegion || (rider.regionId !== order.regionId && !rider.isWildcard)) {
    return 'outOfRegionRiders';
  }
  return null;
}

const clamp01 = (x: number) => Math.min(1, Math.max(0, x));
const round1 = (x: number) => Math.round(x * 10) / 10;

/** Estimate and score one rider for one order (higher is better, 0-100). */
export function scoreRider(
  order: OrderModel,
  rider: RiderModel,
  ctx: ScoringContext,
): RiderEstimate {
  const { config } = ctx;
  const plan = planRoute(rider, [order], ctx.now, ctx.travel, config, order.orderId);
  const target = plan.target;
  const before = planRoute(rider, [], ctx.now, ctx.travel, config);
  // Lateness the insertion pushes onto pickups the rider already holds counts too, and so do
  // minutes it adds past the expiry of a sample the rider carries (the route end, ADR 0048).
  const knockOn = Math.max(0, plan.lateExisting - before.lateExisting);
  const sampleLate = Math.max(0, plan.endLateMinutes - before.endLateMinutes);
  const lateMinutes = target?.lateMinutes ?? 0;

  let skills = SCORE_WEIGHTS.skills;
  if (rider.isCovid && !order.isCovid) skills -= 2; // keep covid riders free for covid orders
  if (rider.regionId !== order.regionId) skills -= 2; // a wildcard borrowed from another region
  const breakdown: ScoreBreakdown = {
    travel: target ? SCORE_WEIGHTS.travel * clamp01(1 - target.minutes / TRAVEL_ZERO_MINUTES) : 0,
    lateness: target
      ? SCORE_WEIGHTS.lateness *
        clamp01(1 - (lateMinutes + knockOn + sampleLate) / LATENESS_ZERO_MINUTES)
      : 0,
    load: SCORE_WEIGHTS.load * clamp01(1 - pickupsInHand(rider) / Math.max(1, rider.capacity)),
    cellCoverage: drainsCell(order, rider, ctx.cells) ? 0 : SCORE_WEIGHTS.cellCoverage,
    skills,
  };
  for (const k of Object.keys(breakdown) as (keyof ScoreBreakdown)[]) {
    breakdown[k] = round1(breakdown[k]);
  }
  const total = Object.values(breakdown).reduce((a, b) => a + b, 0);
  return {
    riderId: rider.id,
    // Without a position nobody can promise an arrival: the rider is listed as late. So is a
    // rider on time at the door who would let a sample expire on the way (auto-assignment
    // refuses that rider too).
    group: target && lateMinutes === 0 && sampleLate === 0 ? 'availableRiders' : 'lateRiders',
    totalScore: round1(total),
    roadDistance: target ? Math.round(target.metres) : null,
    onRoadTime: target ? round1(target.minutes) : null,
    breakdown,
    arrival: target?.arrival ?? null,
    lateMinutes: round1(lateMinutes),
    sampleLateMinutes: round1(sampleLate),
  };
}

export type GroupedEstimates = Record<RiderGroup, RiderEstimate[]>;

/** Puts every candidate rider in one of the six groups; each group best first. */
export function groupRiders(
  order: OrderModel,
  riders: readonly RiderModel[],
  ctx: ScoringContext,
): GroupedEstimates {
  const groups = Object.fromEntries(
    RIDER_GROUPS.map((g) => [g, []]),
  ) as unknown as GroupedEstimates;
  const straight = new Map<number, number>();
  for (const rider of riders) {
    // Non-covid riders stay off a covid order's lists: no tab would let them take it. Nor do
    // riders of another city, nor (on a re-assign) the rider who has the order already.
    if (order.isCovid && !rider.isCovid) continue;
    if (!sameCity(order, rider) || rider.id === order.assignedRiderId) continue;
    const group = preGroup(order, rider);
    if (group) {
      straight.set(
        rider.id,
        rider.position ? haversineMetres(rider.position, order.point) : Infinity,
      );
      groups[group].push(unscored(rider.id, group));
      continue;
    }
    const estimate = scoreRider(order, rider, ctx);
    groups[estimate.group].push(estimate);
  }
  const byScore = (a: RiderEstimate, b: RiderEstimate) =>
    b.totalScore - a.totalScore || (a.arrival ?? Infinity) - (b.arrival ?? Infinity);
  groups.availableRiders.sort(byScore);
  groups.lateRiders.sort(byScore);
  // The other tabs are not scored; nearest first is what a dispatcher scans for.
  for (const g of RIDER_GROUPS.slice(2)) {
    groups[g].sort((a, b) => (straight.get(a.riderId) ?? 0) - (straight.get(b.riderId) ?? 0));
  }
  return groups;
}

const unscored = (riderId: number, group: RiderGroup): RiderEstimate => ({
  riderId,
  group,
  totalScore: 0,
  roadDistance: null,
  onRoadTime: null,
  breakdown: { travel: 0, lateness: 0, load: 0, cellCoverage: 0, skills: 0 },
  arrival: null,
  lateMinutes: 0,
  sampleLateMinutes: 0,
});
