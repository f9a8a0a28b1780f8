import { ORDER_MESSAGES, SUCCESS } from '@dastak/core/messages';
import { describeActivity, nextState, ORDER_TRANSITIONS } from '@dastak/core/order-transitions';
import { PERMISSIONS } from '@dastak/core/permissions';
import { RIDER_STATES, type Vertical } from '@dastak/core/states';
import type { Db, DbOrTx } from '../../../db/client';
import { type ActorContext, actorUserId, requireStaff } from '../../../lib/actor';
import { notFound, refused } from '../../../lib/domain-errors';
import { sendOrderReviewLinks } from '../../customer-links/public';
import {
  addCompletedOrders,
  completeDelivery,
  lockRider,
  pendingDeliveryCenters,
  recomputeRiderState,
} from '../../dispatch/public';
import { activityRow, actorName, insertActivities } from '../../order-activities/public';
import { authorize, beginAction, checkTransition, loadOrder, summarize } from '../order-action';
import type { OrderRow } from '../orders.repository';
import * as repo from '../orders.repository';
import type { OrderActionResult } from './order-assign.service';

/** Staff actions that move an order along without a rider's report. */

type Target = { vertical: Vertical; orderId: number };

/** POST /orders/{vertical}/{id}/verified/: unverified -> scheduled or needsAssignment. */
export async function verifyOrder(
  db: Db,
  p: Target,
  actor: ActorContext,
): Promise<OrderActionResult> {
  return db.transaction(async (tx) => {
    const order = await loadOrder(tx, p.orderId, p.vertical);
    const role = authorize(actor, 'verify', order);
    checkTransition('verify', order, role, {
      testCount: await repo.countOrderScanTypes(tx, order.id),
      addressUsable: await repo.isOrderAddressUsable(tx, order.customerAddressId),
    });
    const updated = await repo.updateOrder(
      tx,
      order.id,
      {
        state: nextState('verify', order.state, { pickup: order.pickup, now: new Date() }),
        isUnverified: false,
      },
      actorUserId(actor),
    );
    const description = describeActivity('verify', { actor: await actorName(tx, actor) });
    await insertActivities(tx, [
      activityRow(order, ORDER_TRANSITIONS.verify.verb, description, actor),
    ]);
    return { detail: SUCCESS.ORDER_VERIFIED, ...(await summarize(tx, updated)) };
  });
}

/** POST /orders/{vertical}/{id}/offline-in-progress/ (offline orders only). */
export async function markOfflineInProgress(
  db: Db,
  p: Target,
  actor: ActorContext,
): Promise<OrderActionResult> {
  return db.transaction(async (tx) => {
    const { order } = await beginAction(tx, 'offlineInProgress', actor, p);
    const updated = await repo.updateOrder(
      tx,
      order.id,
      {
        state: nextState('offlineInProgress', order.state),
      },
      actorUserId(actor),
    );
    const description = describeActivity('offlineInProgress', {
      actor: await actorName(tx, actor),
    });
    await insertActivities(tx, [
      activityRow(order, ORDER_TRANSITIONS.offlineInProgress.verb, description, actor),
    ]);
    return { detail: SUCCESS.ORDER_IN_PROGRESS, ...(await summarize(tx, updated)) };
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
    updated.push(
      await repo.updateOrder(
        tx,
        order.id,
        {
          state: nextState('deliver', order.state),
          deliveredAt: now,
          collectionCenterId: centers.get(order.id) ?? order.collectionCenterId,
        },
        actorUserId(actor),
      ),
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
  const description = describeActivity('deliver', { actor: await actorName(tx, actor) });
  await insertActivities(
    tx,
    orders.map((o) =>
      activityRow(o, ORDER_TRANSITIONS.deliver.verb, description, actor, {
        collectionCenterId: centers.get(o.id) ?? o.collectionCenterId,
      }),
    ),
  );
  await sendOrderReviewLinks(tx, orders, actor); // the review link texted (ADR 0038)
  return updated;
}

/** POST /orders/{vertical}/{id}/delivered/ ('Deliver Order', blood only). */
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
 * delivering state is delivered at once. Orders are locked before the rider (lock order rule).
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
