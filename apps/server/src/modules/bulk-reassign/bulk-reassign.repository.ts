import { REASSIGNABLE_STATES, RIDER_TASK_TYPES, USER_TYPES } from '@dastak/core/states';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { regions } from '../../db/schema/locations';
import { orders, riderTasks } from '../../db/schema/orders';
import { riderProfiles } from '../../db/schema/riders';
import { users } from '../../db/schema/users';

/** SQL of the bulk reassignment. */

/** The rider whose pickups are being moved; undefined when the id names no rider. */
export async function findRider(db: DbOrTx, riderId: number) {
  const [row] = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      vertical: riderProfiles.vertical,
    })
    .from(riderProfiles)
    .innerJoin(users, eq(users.id, riderProfiles.userId))
    .where(and(eq(riderProfiles.userId, riderId), eq(users.userType, USER_TYPES.RIDER)));
  return row;
}

/**
 * The rider's pending pickups: a pending pickup task in the rider's queue (what the rider's task
 * list shows) whose order is still assigned to them and not yet collected.
 */
export function listPendingPickups(db: DbOrTx, riderId: number) {
  return db
    .select({
      id: orders.id,
      number: orders.number,
      vertical: orders.vertical,
      state: orders.state,
      regionId: orders.regionId,
      regionName: regions.name,
      address: orders.address,
      pickup: orders.pickup,
      timeSlotMinutes: orders.timeSlotMinutes,
      latitude: orders.latitude,
      longitude: orders.longitude,
      isCovid: orders.isCovid,
      assignedRiderId: orders.assignedRiderId,
      assignedAt: orders.assignedAt,
      isFasting: orders.isFasting,
    })
    .from(riderTasks)
    .innerJoin(orders, eq(orders.id, riderTasks.orderId))
    .leftJoin(regions, eq(regions.id, orders.regionId))
    .where(
      and(
        eq(riderTasks.riderId, riderId),
        eq(riderTasks.type, RIDER_TASK_TYPES.PICKUP),
        eq(riderTasks.state, 'pending'),
        eq(orders.assignedRiderId, riderId),
        inArray(orders.state, [...REASSIGNABLE_STATES]),
      ),
    )
    .orderBy(asc(orders.pickup), asc(orders.id));
}

/** Of these orders, the ones with a pending pickup task in the rider's queue. */
export async function ordersWithPendingPickup(
  tx: DbOrTx,
  riderId: number,
  orderIds: readonly number[],
): Promise<Set<number>> {
  if (orderIds.length === 0) return new Set();
  const rows = await tx
    .select({ orderId: riderTasks.orderId })
    .from(riderTasks)
    .where(
      and(
        eq(riderTasks.riderId, riderId),
        eq(riderTasks.type, RIDER_TASK_TYPES.PICKUP),
        eq(riderTasks.state, 'pending'),
        inArray(riderTasks.orderId, [...orderIds]),
      ),
    );
  return new Set(rows.flatMap((r) => (r.orderId == null ? [] : [r.orderId])));
}
