import { ORDER_MESSAGES, SUCCESS } from '@dastak/core/messages';
import { PERMISSIONS } from '@dastak/core/permissions';
import { RIDER_STATES, type Vertical } from '@dastak/core/states';
import type { Db, DbOrTx } from '../../../db/client';
import { type ActorContext, requireStaff } from '../../../lib/actor';
import { notFound, refused } from '../../../lib/domain-errors';
import { sendOrderReviewLinks } from '../../customer-links/public';
import {
  addCompletedOrders,
  completeDelivery,
  lockRider,
  pendingDeliveryCenters,
  recomputeRiderState,
} from '../../dispatch/public';
import { actorName, insertActivities } from '../../order-activities/public';
import {
  actionRow,
  authorize,
  beginAction,
  checkTransition,
  type OrderActionResult,
  runOrderAction,
  summarize,
  writeOrderState,
} from '../order-action';
import type { OrderRow } from '../orders.repository';
import * as repo from '../orders.repository';

/** Staff actions that move an order along without a rider's report. */

type Target = { vertical: Vertical; orderId: number };

/** POST /orders/{vertical}/{id}/verified/: unverified -> scheduled or needsAssignment. */
export async function verifyOrder(
  db: Db,
  p: Target,
  actor: ActorContext,
): Promise<OrderActionResult> {
  return runOrderAction(
    db,
    {
      action: 'verify',
      actor,
      target: p,
      detail: SUCCESS.ORDER_VERIFIED,
      facts: async (tx, order) => ({
        testCount: await repo.countOrderScanTypes(tx, order.id),
        addressUsable: await repo.isOrderAddressUsable(tx, order.customerAddressId),
      }),
    },
    async ({ order, update }) => {
      await update({ isUnverified: false }, { pickup: order.pickup, now: new Date() });
      return {};
    },
  );
}

/** POST /orders/{vertical}/{id}/offline-in-progress/ (offline orders only). */
export async function markOfflineInProgress(
  db: Db,
  p: Target,
  actor: ActorContext,
): Promise<OrderActionResult> {
  return runOrderAction(db, {
    action: 'offlineInProgress',
    actor,
    target: p,
    detail: SUCCESS.ORDER_IN_PROGRESS,
  });
}

/** Delivers locked orders for staff: closes their rider's tasks and counts them as completed. */
async function deliverLocked(tx: DbOrTx, orders: OrderRow[], actor: ActorContext) {
  const centers = await pendingDeliveryCenters(
    tx,
    orders.map((o) => o.id),
  );
  const now = new Date();
  const updated: OrderRow[] = [];
  for (const order of orders) {
    const collectionCenterId = centers.get(order.id) ?? order.collectionCenterId;
    updated.push(
      await writeOrderState(tx, 'deliver', order, { deliveredAt: now, collectionCenterId }, actor),
    );
  }
  const byRider = new Map<number, number[]>();
  for (const o of orders) {
    if (o.assignedRiderId)
      byRider.set(o.assignedRiderId, [...(byRider.get(o.assignedRiderId) ?? []), o.id]);
  }
  for (const [riderId, ids] of [...byRider].sort((a, b) => a[0] - b[0])) {
    await completeDelivery(tx, riderId, ids);
    await addCompletedOrders(tx, riderId, ids.length);
    await recomputeRiderState(tx, riderId);
  }
  const name = await actorName(tx, actor);
  await insertActivities(
    tx,
    orders.map((o) =>
      actionRow(
        'deliver',
        o,
        actor,
        { actor: name },
        {
          collectionCenterId: centers.get(o.id) ?? o.collectionCenterId,
        },
      ),
    ),
  );
  await sendOrderReviewLinks(tx, orders, actor); // the review link texted (ADR 0038)
  return updated;
}

/**
 * POST /orders/{vertical}/{id}/delivered/ ('Deliver Order', blood only). Not runOrderAction: it
 * shares its body with force deliver, which delivers many orders of one rider at once.
 */
export async function deliverOrder(
  db: Db,
  p: Target,
  actor: ActorContext,
): Promise<OrderActionResult> {
  return db.transaction(async (tx) => {
    const { order } = await beginAction(tx, 'deliver', actor, p);
    const [updated] = await deliverLocked(tx, [order], actor);
    return { detail: SUCCESS.ORDER_DELIVERED, ...(await summarize(tx, updated as OrderRow)) };
  });
}

/**
 * GET /entity/rider_force_deliver/{id}/: every collected order of a blood rider in the
 * delivering state is delivered at once. Not runOrderAction, which acts on one order: the
 * orders are locked in id order, then the rider (the same lock order).
 */
export async function forceDeliverRider(db: Db, riderId: number, actor: ActorContext) {
  requireStaff(actor, PERMISSIONS.CAN_DELIVER_ORDER);
  return db.transaction(async (tx) => {
    const orders = await repo.lockRiderOrdersInState(tx, riderId, 'collected', 'blood');
    const rider = await lockRider(tx, riderId);
    if (!rider) throw notFound();
    if (rider.vertical !== 'blood' || rider.state !== RIDER_STATES.DELIVERING) {
      throw refused(ORDER_MESSAGES.FORCE_DELIVER_NOT_ALLOWED);
    }
    for (const order of orders)
      checkTransition('deliver', order, authorize(actor, 'deliver', order));
    const updated = await deliverLocked(tx, orders, actor);
    // A delivering rider with nothing collected (stale state) is put right all the same.
    await recomputeRiderState(tx, riderId);
    const summaries = [];
    for (const o of updated) summaries.push(await summarize(tx, o));
    return { detail: SUCCESS.RIDER_FORCE_DELIVERED, delivered: updated.length, orders: summaries };
  });
}
