import { ORDER_MESSAGES, ORDER_SUCCESS, RIDER_MESSAGES, SUCCESS } from '@dastak/core/messages';
import { TUBE_MESSAGES } from '@dastak/core/messages/tubes';
import type { ActivityVerb } from '@dastak/core/order-transitions';
import { isTooEarlyToReach, reachOpensAt, reachOpensLabel } from '@dastak/core/rules/reach-window';
import { sampleExpiry } from '@dastak/core/rules/sample-stability';
import { type HandoverCheck, reconcileHandover } from '@dastak/core/rules/tube-labels';
import type { Db, DbOrTx } from '../../../db/client';
import { type ActorContext, actorUserId } from '../../../lib/actor';
import { conflict, invalid, notFound, refused } from '../../../lib/domain-errors';
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
import { enqueueOrderEvents } from '../../webhooks/public';
import {
  actionRow,
  authorize,
  checkTransition,
  type OrderActionResult,
  reasonText,
  requireLookup,
  runOrderAction,
  summarize,
  writeOrderState,
} from '../order-action';
import { findCollectionCenter } from '../order-references.repository';
import * as repo from '../orders.repository';
import * as tubes from '../tubes/tubes.repository';

/** What the rider app reports: reached, collected, delivered at a centre, or a problem. */

/** Metres from the pin within which a rider counts as at the door (the demo data uses it too). */
export const REACHED_THRESHOLD_METRES = 200;

const TUBES_FLAGGED_VERB: ActivityVerb = 'tubesFlagged';

type Position = { orderId: number; latitude: number; longitude: number };

/** The rider whose queue a rider's report moves: the order's own. */
const assignedRider = (order: { assignedRiderId: number | null }) => [order.assignedRiderId];

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
  return runOrderAction(
    db,
    { action: 'reached', actor, target: p, detail: ORDER_SUCCESS.REACHED, riders: assignedRider },
    async ({ tx, order, actorName, update }) => {
      const now = new Date();
      const lead = opts.reachLeadMinutes;
      if (lead !== undefined && isTooEarlyToReach(order.pickup, now, lead)) {
        throw refused(
          RIDER_MESSAGES.reachTooEarly(reachOpensLabel(reachOpensAt(order.pickup, lead), now)),
        );
      }
      await update({
        reachedAt: now,
        riderReachedLatitude: p.latitude,
        riderReachedLongitude: p.longitude,
        reachedThresholdDistance: REACHED_THRESHOLD_METRES,
      });
      // The queue snapshot carries the order state: a reached pickup is pinned first.
      await recomputeRiderState(tx, order.assignedRiderId as number);
      return {
        describe: { rider: actorName },
        data: {
          latitude: p.latitude,
          longitude: p.longitude,
          distanceMetres: distanceFromPin(order, p),
        },
      };
    },
  );
}

/**
 * Collected: the pickup leaves the queue and, for blood, a delivery to the nearest centre joins.
 * `tubeLabels` (normalised, distinct; ADR 0062) are stored with it, in the same transaction; a
 * label still on another order in progress is refused (409).
 */
export async function markCollected(
  db: Db,
  p: Position & { tubeLabels?: readonly string[] | undefined },
  actor: ActorContext,
): Promise<OrderActionResult> {
  const labels = p.tubeLabels ?? [];
  return runOrderAction(
    db,
    {
      action: 'collected',
      actor,
      target: p,
      detail: ORDER_SUCCESS.COLLECTED,
      riders: assignedRider,
    },
    async ({ tx, order, actorName, update }) => {
      const riderId = order.assignedRiderId as number;
      const collectedAt = new Date();
      const [taken] = await tubes.findLabelsOnLiveOrders(tx, labels, order.id);
      if (taken) throw conflict(TUBE_MESSAGES.labelOnAnotherOrder(taken.label, taken.number));
      await tubes.insertTubes(tx, order.id, labels, collectedAt, actorUserId(actor));
      // The sample's clock starts now: the shortest window of its tests (ADR 0048).
      const sampleExpiresAt = sampleExpiry(
        collectedAt,
        await repo.listOrderTestWindows(tx, order.id),
      );
      const updated = await update({
        collectedAt,
        sampleExpiresAt,
        riderCollectionLatitude: p.latitude,
        riderCollectionLongitude: p.longitude,
      });
      const centerId = await completePickupAndQueueDelivery(tx, riderId, updated);
      await recomputeRiderState(tx, riderId);
      return {
        describe: { rider: actorName, tubes: TUBE_MESSAGES.collectedTubes(labels) },
        data: {
          latitude: p.latitude,
          longitude: p.longitude,
          tubeLabels: labels,
          collectionCenterId: centerId,
          sampleExpiresAt: sampleExpiresAt?.toISOString() ?? null,
        },
      };
    },
  );
}

/**
 * The rider hands one or more collected orders in at a collection centre. Not runOrderAction,
 * which acts on one order: the orders are locked in id order, then their rider's queue moves.
 */
export async function markDeliveredAtCenter(
  db: Db,
  p: {
    orderIds?: number[];
    orderId?: number;
    collectionCenterId: number;
    /** The tubes scanned at the centre (ADR 0062); absent: no tube check. */
    handedOverLabels?: readonly string[] | undefined;
  },
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
      const patch = { deliveredAt: now, collectionCenterId: center.id };
      updated.push(await writeOrderState(tx, 'delivered', order, patch, actor));
    }
    await completeDelivery(tx, riderId, ids);
    await addCompletedOrders(tx, riderId, locked.length);
    await recomputeRiderState(tx, riderId);
    const values = { rider: name, collectionCenter: center.name };
    await insertActivities(
      tx,
      locked.map((o) =>
        actionRow('delivered', o, actor, values, { collectionCenterId: center.id }),
      ),
    );
    const tubeCheck = await checkTubesAtHandover(tx, locked, p.handedOverLabels, name, actor, now);
    await sendOrderReviewLinks(tx, locked, actor); // the review link texted (ADR 0038)
    const orders = [];
    for (const o of updated) orders.push(await summarize(tx, o));
    return { detail: SUCCESS.ORDER_DELIVERED, orders, tubes: tubeCheck };
  });
}

const NO_TUBE_CHECK: HandoverCheck = { checked: [], handedOver: [], missing: [], unknown: [] };

/**
 * The handover's tube check (ADR 0062): the scanned tubes are stamped handed over, the others of
 * these orders flagged missing, and each order short of a tube, or delivered with a tube no order
 * carries, gets a 'tubesFlagged' row the dispatcher sees in its activity.
 */
async function checkTubesAtHandover(
  tx: DbOrTx,
  delivered: readonly { id: number }[],
  scanned: readonly string[] | undefined,
  riderName: string,
  actor: ActorContext,
  now: Date,
): Promise<HandoverCheck> {
  if (scanned === undefined) return NO_TUBE_CHECK;
  const ids = delivered.map((o) => o.id);
  const held = await tubes.listTubes(tx, ids);
  const check = reconcileHandover(
    held.map((t) => t.label),
    scanned,
  );
  await tubes.recordHandover(tx, ids, check.handedOver, now);
  // The lab learns which tubes reached it, per order (ADR 0067).
  const handed = new Set(check.handedOver);
  await enqueueOrderEvents(
    tx,
    delivered.flatMap((order) => {
      const labels = held.filter((t) => t.orderId === order.id && handed.has(t.label));
      return labels.length === 0
        ? []
        : [
            {
              orderId: order.id,
              type: 'tubes.handed_over' as const,
              details: { tubes: labels.map((t) => t.label) },
            },
          ];
    }),
  );
  const missing = new Set(check.missing);
  const rows = delivered.flatMap((order) => {
    const short = held.filter((t) => t.orderId === order.id && missing.has(t.label));
    if (short.length === 0 && check.unknown.length === 0) return [];
    const labels = short.map((t) => t.label);
    return [
      activityRow(
        order,
        TUBES_FLAGGED_VERB,
        TUBE_MESSAGES.flagged(riderName, labels, check.unknown),
        actor,
        { missing: labels, unknown: check.unknown },
      ),
    ];
  });
  await insertActivities(tx, rows);
  return check;
}

/** The rider (or the system) cannot serve the order: it goes to 'problem' and the rider is freed. */
export async function reportProblem(
  db: Db,
  p: { orderId: number; problemStringId: number; text?: string | null },
  actor: ActorContext,
  /** The database the push reads after the write: the app's own when `db` is a transaction. */
  pushDb: Db = db,
): Promise<OrderActionResult> {
  const result = await runOrderAction(
    db,
    { action: 'problem', actor, target: p, detail: ORDER_SUCCESS.PROBLEM },
    async ({ tx, order, update }) => {
      const lookup = await requireLookup(tx, 'problem', p.problemStringId, order);
      await update({ problemStringId: lookup.id, problemReason: p.text?.trim() || null });
      return {
        describe: { reason: reasonText(lookup.text, p.text) },
        data: { problemStringId: lookup.id, riderId: order.assignedRiderId },
      };
    },
  );
  notifyOrderEscalated(pushDb, p.orderId); // web push after commit, never awaited (ADR 0029)
  return result;
}
