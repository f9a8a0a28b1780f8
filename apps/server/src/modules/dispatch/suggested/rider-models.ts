import { RIDER_MAX_PICKUPS } from '@dastak/core/constants';
import { RIDER_TASK_TYPES } from '@dastak/core/states';
import type { Polygon } from '../../../db/schema/locations';
import { pointInPolygon } from '../../../demo/geometry';
import type {
  CandidateRiderRow,
  DispatchOrderRow,
  listCells,
  PendingTaskRow,
  RegionRow,
} from '../dispatch.repository';
import type { OrderModel, RiderModel, RouteEnd, Stop } from '../routing/route-plan';

/** Database rows to the pure models of route-plan.ts. */

type CellRow = Awaited<ReturnType<typeof listCells>>[number];

/** The hyperlocal cell a point lies in, among the cells of hyperlocal regions. */
export function cellAt(
  point: { latitude: number; longitude: number },
  cellRows: readonly { id: number; coordinates: Polygon }[],
): number | null {
  for (const c of cellRows) if (pointInPolygon(point, c.coordinates)) return c.id;
  return null;
}

export function toOrderModel(
  o: DispatchOrderRow,
  region: RegionRow | undefined,
  regionCells: readonly CellRow[],
): OrderModel {
  // An order without a pin is estimated from its region's centre rather than dropped.
  const point =
    o.latitude != null && o.longitude != null
      ? { latitude: o.latitude, longitude: o.longitude }
      : { latitude: region?.centerLatitude ?? 0, longitude: region?.centerLongitude ?? 0 };
  return {
    orderId: o.id,
    point,
    pickup: o.pickup.getTime(),
    regionId: o.regionId,
    cityId: region?.cityId ?? null,
    assignedRiderId: o.assignedRiderId,
    isCovid: o.isCovid,
    cellId: region?.isHyperlocalModeEnabled ? cellAt(point, regionCells) : null,
    fasting: o.isFasting,
  };
}

/**
 * A rider holding samples must reach a collection centre before the first of them expires
 * (docs/decisions/0048-sample-stability.md): the route ends at the centre of the soonest-expiring
 * delivery, by its deadline (the expiry). A sample already expired cannot be saved by riding
 * there first, so it bounds nothing; nor does a delivery without a centre pin (an old snapshot).
 */
function soonerEnd(end: RouteEnd | null, t: PendingTaskRow, now: number): RouteEnd | null {
  if (!t.deadline || t.centerLatitude == null || t.centerLongitude == null) return end;
  const latest = t.deadline.getTime();
  if (latest <= now || (end && end.latest <= latest)) return end;
  return { point: { latitude: t.centerLatitude, longitude: t.centerLongitude }, latest };
}

export function toRiderModels(
  rows: readonly CandidateRiderRow[],
  tasks: readonly PendingTaskRow[],
  regionsById: ReadonlyMap<number, RegionRow>,
  now: number,
): RiderModel[] {
  const queues = new Map<number, PendingTaskRow[]>();
  for (const t of tasks) {
    const q = queues.get(t.riderId);
    if (q) q.push(t);
    else queues.set(t.riderId, [t]);
  }
  return rows.map((r) => {
    const queue = queues.get(r.id) ?? [];
    const position =
      r.lastKnownLatitude != null && r.lastKnownLongitude != null
        ? { latitude: r.lastKnownLatitude, longitude: r.lastKnownLongitude }
        : null;
    let availableFrom = r.shiftBreakEndTime ? r.shiftBreakEndTime.getTime() : 0;
    const pickups: Stop[] = [];
    let inHand = 0;
    let end: RouteEnd | null = null;
    for (const t of queue) {
      if (t.type === RIDER_TASK_TYPES.BREAK) {
        if (t.deadline) availableFrom = Math.max(availableFrom, t.deadline.getTime());
        continue;
      }
      inHand++;
      if (t.type === RIDER_TASK_TYPES.DELIVERY) {
        end = soonerEnd(end, t, now);
        continue;
      }
      if (t.type !== RIDER_TASK_TYPES.PICKUP || !t.orderId || !t.pickup) continue;
      if (t.latitude == null || t.longitude == null) continue;
      pickups.push({
        orderId: t.orderId,
        point: { latitude: t.latitude, longitude: t.longitude },
        pickup: t.pickup.getTime(),
        pinned: t.orderState === 'reached',
        fasting: t.isFasting,
      });
    }
    const home = regionsById.get(r.regionId);
    return {
      id: r.id,
      regionId: r.regionId,
      cityId: r.cityId,
      position,
      isOnDuty: r.isOnDuty,
      isOnline: r.isOnline,
      state: r.state,
      isWildcard: r.isWildcard,
      isCovid: r.isCovid,
      capacity: Math.min(r.capacity, RIDER_MAX_PICKUPS),
      cellId: r.cellId,
      availableFrom: availableFrom > now ? availableFrom : 0,
      pickups,
      inHand,
      outsideHomeRegion:
        !r.isWildcard && !!position && !!home && !pointInPolygon(position, home.polygon),
      end,
    };
  });
}
