import type { LiveLocation } from '@dastak/core/entities/feedback';
import { maskContact } from '@dastak/core/rules/mask';
import type { OrderState } from '@dastak/core/states';
import { notFound } from '../../lib/domain-errors';
import { type Point, planRoute, type RiderModel, roadLeg, toRiderModels } from '../dispatch/public';
import { findLiveOrder, findRiderWithQueue, listLiveScanTypes } from './live-location.repository';
import { isLinkExpired, type PublicDeps, readLink } from './public-feedback.shared';

/** Once the sample is taken (or the order is off), the rider no longer comes: the link lapses. */
const LAPSED_STATES: readonly OrderState[] = ['collected', 'delivered', 'cancelled'];
/** The rider is on the way only while the order is theirs and not yet collected. */
const EN_ROUTE_STATES: readonly OrderState[] = ['assigned', 'reached'];

const MINUTE = 60_000;
const EXPIRED: LiveLocation = { isExpired: true };

interface RiderView {
  assignedRider: { lastKnownLatitude: number | null; lastKnownLongitude: number | null } | null;
  stopsBefore: number;
  etaMinutes: number | null;
}
const NO_RIDER: RiderView = { assignedRider: null, stopsBefore: 0, etaMinutes: null };

/**
 * Where the rider is for this order (beyond the spec, ADR 0038): the rider's pending pickups in
 * the route model's order (ADR 0009); while others come first only their count is told, never
 * the position. Once this order is next, the ETA is the route model's arrival from the last
 * known position (after any break), on the same road estimate scoring uses.
 */
async function riderView(
  deps: PublicDeps,
  order: { id: number; state: OrderState; assignedRiderId: number | null; pickup: Date },
  door: Point,
): Promise<RiderView> {
  if (!order.assignedRiderId || !EN_ROUTE_STATES.includes(order.state)) return NO_RIDER;
  const found = await findRiderWithQueue(deps.db, order.assignedRiderId);
  if (!found) return NO_RIDER;
  const now = deps.now().getTime();
  const [rider] = toRiderModels(
    [
      {
        ...found.rider,
        firstName: '',
        lastName: '',
        phone: null,
        cityId: 0,
        lastSeenAt: null,
        completedOrdersCount: 0,
        cellName: null,
      },
    ],
    found.tasks,
    new Map(),
    now,
  ) as [RiderModel];
  const at = rider.pickups.findIndex((s) => s.orderId === order.id);
  const stopsBefore = order.state === 'reached' ? 0 : Math.max(0, at);
  if (stopsBefore > 0) return { assignedRider: null, stopsBefore, etaMinutes: null };
  const assignedRider = {
    lastKnownLatitude: rider.position?.latitude ?? null,
    lastKnownLongitude: rider.position?.longitude ?? null,
  };
  if (order.state === 'reached') return { assignedRider, stopsBefore: 0, etaMinutes: 0 };
  // The stop as queued, or (a snapshot not yet showing it) the door itself as the only stop.
  const target =
    at >= 0
      ? rider.pickups[at]!
      : { orderId: order.id, point: door, pickup: order.pickup.getTime() };
  const plan = planRoute(
    { ...rider, pickups: [target] },
    [],
    now,
    (a, b) => roadLeg(a, b, deps.config.dispatch),
    deps.config.dispatch,
    order.id,
  );
  const etaMinutes = plan.target
    ? Math.max(0, Math.ceil((plan.target.arrival - now) / MINUTE))
    : null;
  return { assignedRider, stopsBefore: 0, etaMinutes };
}

/** GET /location/rider-live-location/{id}/ (polled by the tracking page). */
export async function getLiveLocation(deps: PublicDeps, id: string): Promise<LiveLocation> {
  const link = await readLink(deps, id, 'riderLiveLocation');
  if (!link?.orderId) throw notFound();
  const order = await findLiveOrder(deps.db, link.orderId);
  if (!order) throw notFound();
  if (LAPSED_STATES.includes(order.state) || isLinkExpired(link, deps.now())) return EXPIRED;
  const door: Point = {
    latitude: order.latitude ?? order.centerLatitude ?? 0,
    longitude: order.longitude ?? order.centerLongitude ?? 0,
  };
  const [scanTypes, rider] = await Promise.all([
    listLiveScanTypes(deps.db, order.id),
    riderView(deps, order, door),
  ]);
  return {
    isExpired: false,
    number: order.number,
    customerAddress: { address: order.address, ...door },
    ...rider,
    patient: {
      firstName: order.patientFirstName,
      lastName: order.patientLastName,
      email: order.patientEmail ? maskContact(order.patientEmail) : null,
    },
    customer: { phone: maskContact(order.customerPhone) },
    scanTypes,
  };
}
