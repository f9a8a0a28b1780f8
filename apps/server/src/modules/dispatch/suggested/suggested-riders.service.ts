import { toKarachiIso } from '@dastak/core/rules/karachi-time';
import type { RiderState, Vertical } from '@dastak/core/states';
import type { Db } from '../../../db/client';
import { notFound } from '../../../lib/domain-errors';
import * as repo from '../dispatch.repository';
import { DISPATCH_DEFAULTS, type DispatchConfig } from '../dispatch-config';
import { distanceMatrix, haversineMetres, type Point, roadLeg } from '../routing/distance';
import type { TravelFn } from '../routing/route-plan';
import { toOrderModel, toRiderModels } from './rider-models';
import { cellContext, groupRiders, RIDER_GROUPS, type RiderEstimate } from './scoring';

export interface DispatchOptions {
  osrmUrl?: string;
  config?: DispatchConfig;
  now?: Date;
}

/**
 * A travel function for legs into one point: OSRM's figures for the origins nearest to it when
 * OSRM_URL is set (one table request), haversine x detour for every other leg.
 */
export async function travelInto(
  target: Point,
  origins: readonly Point[],
  opts: DispatchOptions,
): Promise<TravelFn> {
  const config = opts.config ?? DISPATCH_DEFAULTS;
  const base: TravelFn = (a, b) => roadLeg(a, b, config);
  if (!opts.osrmUrl || origins.length === 0) return base;
  const key = (p: Point) => `${p.latitude},${p.longitude}`;
  const unique = [...new Map(origins.map((p) => [key(p), p])).values()]
    .sort((a, b) => haversineMetres(a, target) - haversineMetres(b, target))
    .slice(0, config.osrmMaxPoints - 1);
  const m = await distanceMatrix(unique, [target], {
    osrmUrl: opts.osrmUrl,
    timeoutMs: config.osrmTimeoutMs,
    maxPoints: config.osrmMaxPoints,
    model: config,
  });
  if (m.source !== 'osrm') return base;
  const legs = new Map(
    unique.map((p, i) => [key(p), { metres: m.metres[i]![0]!, minutes: m.minutes[i]![0]! }]),
  );
  return (a, b) => (b === target ? legs.get(key(a)) : undefined) ?? base(a, b);
}

/** Loads an order's candidate riders and their queues: one query, two for a hyperlocal region. */
export async function loadCandidates(db: Db, vertical: Vertical, orderId: number, now: number) {
  const context = await repo.loadOrderContext(db, vertical, orderId);
  if (!context) throw notFound();
  const { order, region, riders: riderRows, tasks: taskRows } = context;
  // Cells matter only in hyperlocal mode: one query fewer for every other region.
  const cellRows = region?.isHyperlocalModeEnabled ? await repo.listCells(db, [region.id]) : [];
  const regionsById = new Map(region ? [[region.id, region]] : []);
  const orderModel = toOrderModel(order, region, cellRows);
  const riders = toRiderModels(riderRows, taskRows, regionsById, now);
  const cells = cellContext(riders, cellRows, !!region?.isHyperlocalModeEnabled);
  return { order, orderModel, riderRows, riders, cells };
}

/**
 * Who can take the order, in the six groups of the assign dialog, each best first: the one rule
 * for the single assign / re-assign and the bulk reassignment, so the two lists can
 * never disagree. On a re-assign the rider holding the order is left out.
 */
export async function groupCandidates(
  db: Db,
  p: { vertical: Vertical; orderId: number },
  opts: DispatchOptions = {},
) {
  const config = opts.config ?? DISPATCH_DEFAULTS;
  const now = (opts.now ?? new Date()).getTime();
  const { orderModel, riderRows, riders, cells } = await loadCandidates(
    db,
    p.vertical,
    p.orderId,
    now,
  );
  const origins = riders.flatMap((r) =>
    r.position ? [r.position, ...r.pickups.map((s) => s.point)] : [],
  );
  const travel = await travelInto(orderModel.point, origins, opts);
  const groups = groupRiders(orderModel, riders, { now, travel, config, cells });
  return { groups, riderRows };
}

/** GET /algorithm/{vertical}/suggested-riders/{orderId}/ */
export async function suggestRiders(
  db: Db,
  p: { vertical: Vertical; orderId: number },
  opts: DispatchOptions = {},
) {
  const { groups, riderRows } = await groupCandidates(db, p, opts);
  const rowsById = new Map(riderRows.map((r) => [r.id, r]));
  const entry = (e: RiderEstimate) => {
    const r = rowsById.get(e.riderId)!;
    return {
      rider: {
        id: r.id,
        firstName: r.firstName,
        lastName: r.lastName,
        phone: r.phone ?? '',
        state: r.state as RiderState,
        isOnline: r.isOnline,
        isOnDuty: r.isOnDuty,
        isWildcard: r.isWildcard,
        isCovid: r.isCovid,
        lastKnownLatitude: r.lastKnownLatitude,
        lastKnownLongitude: r.lastKnownLongitude,
        lastSeenAt: r.lastSeenAt ? toKarachiIso(r.lastSeenAt) : null,
        completedOrdersCount: r.completedOrdersCount,
        cell: r.cellId != null && r.cellName != null ? { id: r.cellId, name: r.cellName } : null,
      },
      totalScore: e.totalScore,
      roadDistance: e.roadDistance,
      onRoadTime: e.onRoadTime,
      breakdown: e.breakdown,
      estimatedArrival: e.arrival === null ? null : toKarachiIso(new Date(e.arrival)),
      lateMinutes: e.lateMinutes,
      sampleLateMinutes: e.sampleLateMinutes,
    };
  };
  return Object.fromEntries(RIDER_GROUPS.map((g) => [g, groups[g].map(entry)])) as Record<
    (typeof RIDER_GROUPS)[number],
    ReturnType<typeof entry>[]
  >;
}
