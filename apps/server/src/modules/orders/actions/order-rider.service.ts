import { ORDER_MESSAGES, ORDER_SUCCESS, RIDER_MESSAGES, SUCCESS } from '@dastak/core/messages';
import { describeActivity, nextState, ORDER_TRANSITIONS } from '@dastak/core/order-transitions';
import { isTooEarlyToReach, reachOpensAt, reachOpensLabel } from '@dastak/core/rules/reach-window';
import { sampleExpiry } from '@dastak/core/rules/sample-stability';
import type { Db } from '../../../db/client';
import { type ActorContext, actorUserId } from '../../../lib/actor';
import { invalid, notFound, refused } from '../../../lib/domain-errors';
import { sendOrderReviewLinks } from '../../customer-links/public';
import {
  addCompletedOrders,
  completeDelivery,
  completePickupAndQueueDelivery,
  haversineLatLngMetres,
  recomputeRiderState,
} from '../../dispatch/public';
import { activityRow, actorName, insertActivities } from '../../order-activities/public';
import { notifyOrderEscalated } from '../../push/public';
import {
  authorize,
  beginAction,
  checkTransition,
  reasonText,
  releaseRider,
  summarize,
} from '../order-action';
import { findCollectionCenter, findLookup } from '../order-references.repository';
import * as repo from '../orders.repository';
import type { OrderActionResult } from './order-assign.service';

/** What the rider app reports: reached, collected, delivered at a centre, or a problem. */

/** Metres from the pin within which a rider counts as at the door (the demo data uses it too). */
export const REACHED_THRESHOLD_METRES = 200;

type Position = { orderId: number; latitude: number; longitude: number };

const distanceFromPin = (
  order: { latitude: number | null; longitude: number | null },
  p: Position,
) =>
  order.latitude == null || order.longitude == null
    ? null
    : Math.round(
        haversineLatLngMetres(
          { lat: order.latitude, lng: order.longitude },
          { lat: p.latitude, lng: p.longitude },
        ),
      );

/**
 * `reachLeadMinutes`: the rider app's gate (ADR 0055), read against the locked order's pickup so
 * a reschedule cannot slip between the check and the write. Callers without it (tests that walk
 * an order through its states) are not gated.
 */
export async function markReached(
  db: Db,
  p: Position,
  actor: ActorContext,
  opts: { reachLeadMinutes?: number } = {},
): Promise<OrderActionResult> {
  return db.transaction(async (tx) => {
    const { order } = await beginAction(tx, 'reached', actor, p);
    const now = new Date();
    const lead = opts.reachLeadMinutes;
    if (lead !== undefined && isTooEarlyToReach(order.pickup, now, lead)) {
      throw refused(
        RIDER_MESSAGES.reachTooEarly(reachOpensLabel(reachOpensAt(order.pickup, lead), now)),
      );
    }
    const updated = await repo.updateOrder(
      tx,
      order.id,
      {
        state: nextState('reached', order.state),
        reachedAt: now,
        riderReachedLatitude: p.latitude,
        riderReachedLongitude: p.longitude,
        reachedThresholdDistance: REACHED_THRESHOLD_METRES,
      },
      actorUserId(actor),
    );
    // The queue snapshot carries the order state: a reached pickup is pinned first.
    await recomputeRiderState(tx, order.assignedRiderId as number);
    const description = describeActivity('reached', { rider: await actorName(tx, actor) });
    await insertActivities(tx, [
      activityRow(order, ORDER_TRANSITIONS.reached.verb, description, actor, {
        latitude: p.latitude,
        longitude: p.longitude,
        distanceMetres: distanceFromPin(order, p),
      }),
    ]);
    return { detail: ORDER_SUCCESS.REACHED, ...(await summarize(tx, updated)) };
  });
}

/** Collected: the pickup leaves the queue and, for blood, a delivery to the nearest centre joins. */
export async function markCollected(
  db: Db,
  p: Position,
  actor: ActorContext,
): Promise<OrderActionResult> {
  return db.transaction(async (tx) => {
    const { order } = await beginAction(tx, 'collected', actor, p);
    const riderId = order.assignedRiderId as number;
    const collectedAt = new Date();
    // The sample's clock starts now: the shortest window of its tests (ADR 0048).
    const sampleExpiresAt = sampleExpiry(
      collectedAt,
      await repo.listOrderTestWindows(tx, order.id),
    );
    const updated = await repo.updateOrder(
      tx,
      order.id,
      {
        state: nextState('collected', order.state),
        collectedAt,
        sampleExpiresAt,
        riderCollectionLatitude: p.latitude,
        riderCollectionLongitude: p.longitude,
      },
      actorUserId(actor),
    );
    const centerId = await completePickupAndQueueDelivery(tx, riderId, updated);
    await recomputeRiderState(tx, riderId);
    const description = describeActivity('collected', { rider: await actorName(tx, actor) });
    await insertActivities(tx, [
      activityRow(order, ORDER_TRANSITIONS.collected.verb, description, actor, {
        latitude: p.latitude,
        longitude: p.longitude,
        collectionCenterId: centerId,
        sampleExpiresAt: sampleExpiresAt?.toISOString() ?? null,
      }),
    ]);
    return { detail: ORDER_SUCCESS.COLLECTED, ...(await summarize(tx, updated)) };
  });
}

/** The rider hands one or more collected orders in at a collection centre. */
export async function markDeliveredAtCenter(
  db: Db,
  p: { orderIds?: number[]; orderId?: number; collectionCenterId: number },
  actor: ActorContext,
) {
  const ids = [...new Set(p.orderIds ?? (p.orderId ? [p.orderId] : []))];
  if (ids.length === 0) throw notFound();
  return db.transaction(async (tx) => {
    const locked = await repo.lockOrders(tx, ids);
    if (locked.length !== ids.length) throw notFound();
    for (const order of locked)
      checkTransition('delivered', order, authorize(actor, 'delivered', order));
    const center = await findCollectionCenter(tx, p.collectionCenterId);
    if (!center?.isActive || locked.some((o) => o.vertical !== center.vertical)) {
      throw invalid(ORDER_MESSAGES.COLLECTION_CENTER_INVALID, {
        collectionCenterId: [ORDER_MESSAGES.COLLECTION_CENTER_INVALID],
      });
    }
    const riderId = locked[0]?.assignedRiderId as number;
    const name = await actorName(tx, actor);
    const now = new Date();
    const updated = [];
    for (const order of locked) {
      updated.push(
        await repo.updateOrder(
          tx,
          order.id,
          {
            state: nextState('delivered', order.state),
            deliveredAt: now,
            collectionCenterId: center.id,
          },
          actorUserId(actor),
        ),
      );
    }
    await completeDelivery(tx, riderId, ids);
    await addCompletedOrders(tx, riderId, locked.length);
    await recomputeRiderState(tx, riderId);
    const description = describeActivity('delivered', {
      rider: name,
      collectionCenter: center.name,
    });
    await insertActivities(
      tx,
      locked.map((o) =>
        activityRow(o, ORDER_TRANSITIONS.delivered.verb, description, actor, {
          collectionCenterId: center.id,
        }),
      ),
    );
    await sendOrderReviewLinks(tx, locked, actor); // the review link texted (ADR 0038)
    const orders = [];
    for (const o of updated) orders.push(await summarize(tx, o));
    return { detail: SUCCESS.ORDER_DELIVERED, orders };
  });
}

/** The rider (or the system) cannot serve the order: it goes to 'problem' and the rider is freed. */
export async function reportProblem(
  db: Db,
  p: { orderId: number; problemStringId: number; text?: string | null },
  actor: ActorContext,
): Promise<OrderActionResult> {
  const result = await db.transaction(async (tx) => {
    const { order } = await beginAction(tx, 'problem', actor, p);
    const lookup = await findLookup(tx, p.problemStringId, 'problem', order.vertical);
    if (!lookup) {
      throw invalid(ORDER_MESSAGES.UNKNOWN_REFERENCE, {
        problemStringId: [ORDER_MESSAGES.UNKNOWN_REFERENCE],
      });
    }
    const released = await releaseRider(tx, order);
    const updated = await repo.updateOrder(
      tx,
      order.id,
      {
        ...released,
        state: nextState('problem', order.state),
        problemStringId: lookup.id,
        problemReason: p.text?.trim() || null,
      },
      actorUserId(actor),
    );
    const description = describeActivity('problem', {
      actor: await actorName(tx, actor),
      reason: reasonText(lookup.text, p.text),
    });
    await insertActivities(tx, [
      activityRow(order, ORDER_TRANSITIONS.problem.verb, description, actor, {
        problemStringId: lookup.id,
        riderId: order.assignedRiderId,
      }),
    ]);
    return { detail: ORDER_SUCCESS.PROBLEM, ...(await summarize(tx, updated)) };
  });
  notifyOrderEscalated(db, p.orderId); // web push after commit, never awaited (ADR 0029)
  return result;
}
