import { RIDER_MAX_PICKUPS } from '@dastak/core/constants';
import {
  RIDER_STATES,
  RIDER_TASK_TYPES,
  type RiderState,
  type Vertical,
} from '@dastak/core/states';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { collectionCenters } from '../../../db/schema/locations';
import { orders, riderTasks } from '../../../db/schema/orders';
import { riderProfiles } from '../../../db/schema/riders';
import { users } from '../../../db/schema/users';
import { publishRidersChanged } from '../../../lib/realtime-publish';

/**
 * A rider's task queue (rider_tasks) and the rider state that follows from it (spec §4: 0 idle,
 * 1 picking up with capacity, 2 picking up full, 3 delivering). Order actions call these inside
 * their own transaction, after locking the order row and then the rider row (always in that
 * order, so two actions never wait on each other crosswise).
 */

/**
 * How long a collected sample may travel when it carries no expiry of its own (an order collected
 * before the stability windows); otherwise the delivery's deadline is the expiry (ADR 0048).
 */
const DELIVERY_WINDOW_MS = 3 * 60 * 60_000;
const DEFAULT_SLOT_MINUTES = 60;

export type LockedRider = Awaited<ReturnType<typeof lockRider>>;

/** Locks the rider's profile row (SELECT ... FOR UPDATE) and returns what assignment checks. */
export async function lockRider(tx: DbOrTx, riderId: number) {
  const [row] = await tx
    .select({
      id: riderProfiles.userId,
      vertical: riderProfiles.vertical,
      regionId: riderProfiles.regionId,
      isOnDuty: riderProfiles.isOnDuty,
      isOnline: riderProfiles.isOnline,
      isCovid: riderProfiles.isCovid,
      state: riderProfiles.state,
      isActive: users.isActive,
      userType: users.userType,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(riderProfiles)
    .innerJoin(users, eq(users.id, riderProfiles.userId))
    .where(eq(riderProfiles.userId, riderId))
    .for('update', { of: riderProfiles });
  return row;
}

/** Pending pickups and deliveries: the orders the rider holds or has been given. */
export async function countTasksInHand(tx: DbOrTx, riderId: number) {
  const [row] = await tx
    .select({
      pickups: sql<number>`count(*) filter (where ${riderTasks.type} = ${RIDER_TASK_TYPES.PICKUP})::int`,
      deliveries: sql<number>`count(*) filter (where ${riderTasks.type} = ${RIDER_TASK_TYPES.DELIVERY})::int`,
    })
    .from(riderTasks)
    .where(and(eq(riderTasks.riderId, riderId), eq(riderTasks.state, 'pending')));
  return { pickups: row?.pickups ?? 0, deliveries: row?.deliveries ?? 0 };
}

async function nextSequence(tx: DbOrTx, riderId: number): Promise<number> {
  const [row] = await tx
    .select({ max: sql<number | null>`max(${riderTasks.sequence})` })
    .from(riderTasks)
    .where(and(eq(riderTasks.riderId, riderId), eq(riderTasks.state, 'pending')));
  return row?.max == null ? 0 : Number(row.max) + 1;
}

/** Queues the pickup at the end; its deadline is the end of the booked slot. */
export async function addPickupTask(
  tx: DbOrTx,
  riderId: number,
  order: { id: number; pickup: Date; timeSlotMinutes?: number | null },
) {
  const minutes = order.timeSlotMinutes ?? DEFAULT_SLOT_MINUTES;
  await tx.insert(riderTasks).values({
    riderId,
    orderId: order.id,
    type: RIDER_TASK_TYPES.PICKUP,
    sequence: await nextSequence(tx, riderId),
    deadline: new Date(order.pickup.getTime() + minutes * 60_000),
  });
}

/** Drops the order's pending tasks (cancel, reassign, reschedule, problem); returns their riders. */
export async function removeOrderTasks(tx: DbOrTx, orderId: number): Promise<number[]> {
  const rows = await tx
    .update(riderTasks)
    .set({ state: 'cancelled' })
    .where(and(eq(riderTasks.orderId, orderId), eq(riderTasks.state, 'pending')))
    .returning({ riderId: riderTasks.riderId });
  return [...new Set(rows.map((r) => r.riderId))];
}

const toRad = (deg: number) => (deg * Math.PI) / 180;
/** Great-circle metres; the few centres of a region make a database-side distance pointless. */
export function haversineMetres(a: { lat: number; lng: number }, b: { lat: number; lng: number }) {
  const dLat = toRad(b.lat - a.lat);
  const dLng = toRad(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRad(a.lat)) * Math.cos(toRad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}

/** The nearest active centre of the region for the vertical, else of the vertical anywhere. */
export async function nearestCollectionCenter(
  tx: DbOrTx,
  where: {
    regionId: number;
    vertical: Vertical;
    latitude: number | null;
    longitude: number | null;
  },
) {
  const pick = async (regionOnly: boolean) => {
    const rows = await tx
      .select({
        id: collectionCenters.id,
        name: collectionCenters.name,
        latitude: collectionCenters.latitude,
        longitude: collectionCenters.longitude,
      })
      .from(collectionCenters)
      .where(
        and(
          eq(collectionCenters.vertical, where.vertical),
          eq(collectionCenters.isActive, true),
          regionOnly ? eq(collectionCenters.regionId, where.regionId) : undefined,
        ),
      );
    const { latitude, longitude } = where;
    if (latitude == null || longitude == null) return rows[0];
    const from = { lat: latitude, lng: longitude };
    return rows
      .map((c) => ({ c, d: haversineMetres(from, { lat: c.latitude, lng: c.longitude }) }))
      .sort((x, y) => x.d - y.d)[0]?.c;
  };
  return (await pick(true)) ?? (await pick(false));
}

/**
 * The rider has the sample: the pickup is done and, for blood, a delivery to a collection centre
 * (the given one, else the nearest of the order's region) joins the queue, due when the sample
 * expires. X-ray has no sample to carry, so nothing is queued. Returns the centre chosen, if any.
 */
export async function completePickupAndQueueDelivery(
  tx: DbOrTx,
  riderId: number,
  order: {
    id: number;
    vertical: Vertical;
    regionId: number;
    pickup: Date;
    latitude: number | null;
    longitude: number | null;
    sampleExpiresAt?: Date | null;
  },
  collectionCenterId?: number | null,
): Promise<number | null> {
  const now = new Date();
  await tx
    .update(riderTasks)
    .set({ state: 'done', completedAt: now })
    .where(
      and(
        eq(riderTasks.riderId, riderId),
        eq(riderTasks.orderId, order.id),
        eq(riderTasks.type, RIDER_TASK_TYPES.PICKUP),
        eq(riderTasks.state, 'pending'),
      ),
    );
  if (order.vertical !== 'blood') return null;
  const centerId = collectionCenterId ?? (await nearestCollectionCenter(tx, order))?.id ?? null;
  await tx.insert(riderTasks).values({
    riderId,
    orderId: order.id,
    type: RIDER_TASK_TYPES.DELIVERY,
    sequence: await nextSequence(tx, riderId),
    deadline:
      order.sampleExpiresAt ??
      new Date(Math.max(order.pickup.getTime(), now.getTime()) + DELIVERY_WINDOW_MS),
    collectionCenterId: centerId,
  });
  return centerId;
}

/** Closes every pending task of these orders in the rider's queue (delivered at a centre). */
export async function completeDelivery(tx: DbOrTx, riderId: number, orderIds: readonly number[]) {
  if (orderIds.length === 0) return;
  await tx
    .update(riderTasks)
    .set({ state: 'done', completedAt: new Date() })
    .where(
      and(
        eq(riderTasks.riderId, riderId),
        inArray(riderTasks.orderId, [...orderIds]),
        eq(riderTasks.state, 'pending'),
      ),
    );
}

/** The centre each order's pending delivery task heads to. */
export async function pendingDeliveryCenters(tx: DbOrTx, orderIds: readonly number[]) {
  if (orderIds.length === 0) return new Map<number, number | null>();
  const rows = await tx
    .select({ orderId: riderTasks.orderId, centerId: riderTasks.collectionCenterId })
    .from(riderTasks)
    .where(
      and(
        inArray(riderTasks.orderId, [...orderIds]),
        eq(riderTasks.type, RIDER_TASK_TYPES.DELIVERY),
        eq(riderTasks.state, 'pending'),
      ),
    );
  return new Map(rows.map((r) => [r.orderId as number, r.centerId]));
}

/** The state the queue implies; pure, so dispatch can predict a state without writing it. */
export function riderStateFor(counts: { pickups: number; deliveries: number }): RiderState {
  const { pickups, deliveries } = counts;
  if (pickups === 0 && deliveries === 0) return RIDER_STATES.IDLE;
  if (pickups === 0) return RIDER_STATES.DELIVERING;
  // Collected samples not yet delivered still occupy a slot in the rider's box.
  return pickups + deliveries >= RIDER_MAX_PICKUPS
    ? RIDER_STATES.PICKING_UP_FULL
    : RIDER_STATES.PICKING_UP_HAS_CAPACITY;
}

/**
 * rider_profiles.queue of the rider in the outer row: pending tasks in sequence, with their orders
 * and, for a delivery, its collection centre's pin (decodeQueue in dispatch.repository.ts reads
 * the positions; new ones are appended so older snapshots still decode).
 */
const queueSnapshot = sql`(
  select coalesce(jsonb_agg(jsonb_build_array(
      ${riderTasks.type}, ${riderTasks.deadline}, ${orders.id}, ${orders.state},
      ${orders.pickup}, ${orders.latitude}, ${orders.longitude}, ${orders.isFasting},
      ${collectionCenters.latitude}, ${collectionCenters.longitude}
    ) order by ${riderTasks.sequence}, ${riderTasks.id}), '[]'::jsonb)
  from ${riderTasks} left join ${orders} on ${orders.id} = ${riderTasks.orderId}
  left join ${collectionCenters} on ${collectionCenters.id} = ${riderTasks.collectionCenterId}
  where ${riderTasks.riderId} = ${riderProfiles.userId} and ${riderTasks.state} = 'pending'
)`;

/**
 * Writes the state and the queue snapshot that follow from the rider's pending queue, and returns
 * the state. Every change to a queue, or to the state of an order on one, ends with this call.
 */
export async function recomputeRiderState(tx: DbOrTx, riderId: number): Promise<RiderState> {
  const state = riderStateFor(await countTasksInHand(tx, riderId));
  await tx
    .update(riderProfiles)
    .set({ state, queue: queueSnapshot })
    .where(eq(riderProfiles.userId, riderId));
  await publishRidersChanged(tx, [riderId]); // live dashboards, on commit
  return state;
}

/** Rebuilds the queue snapshots of riders whose tasks were written in bulk (demo data, fixtures). */
export async function refreshQueueSnapshots(db: DbOrTx, riderIds?: readonly number[]) {
  await db
    .update(riderProfiles)
    .set({ queue: queueSnapshot })
    .where(riderIds ? inArray(riderProfiles.userId, [...riderIds]) : undefined);
}

/** Delivered (or force-delivered) orders count towards the rider's completed orders. */
export async function addCompletedOrders(tx: DbOrTx, riderId: number, count: number) {
  if (count <= 0) return;
  await tx
    .update(riderProfiles)
    .set({ completedOrdersCount: sql`${riderProfiles.completedOrdersCount} + ${count}` })
    .where(eq(riderProfiles.userId, riderId));
}
