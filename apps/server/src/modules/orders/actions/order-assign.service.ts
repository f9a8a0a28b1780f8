import { RIDER_MAX_PICKUPS } from '@dastak/core/constants';
import { ORDER_MESSAGES, ORDER_SUCCESS } from '@dastak/core/messages';
import { type AssignmentExplanation, explainAssignment } from '@dastak/core/messages/dispatch';
import {
  type ActivityVerb,
  describeActivity,
  nextState,
  ORDER_TRANSITIONS,
} from '@dastak/core/order-transitions';
import { USER_TYPES, type Vertical } from '@dastak/core/states';
import type { Db, DbOrTx } from '../../../db/client';
import { type ActorContext, actorUserId } from '../../../lib/actor';
import { invalid, refused } from '../../../lib/domain-errors';
import { sendLiveLocationLink } from '../../customer-links/public';
import {
  addPickupTask,
  countTasksInHand,
  lockRider,
  recomputeRiderState,
} from '../../dispatch/public';
import {
  activityRow,
  actorName,
  hasActivityForPickup,
  insertActivities,
} from '../../order-activities/public';
import { userNames } from '../../users/public';
import {
  beginAction,
  type OrderSummary,
  reasonText,
  releaseRider,
  summarize,
} from '../order-action';
import { findLookup } from '../order-references.repository';
import type { OrderRow } from '../orders.repository';
import * as repo from '../orders.repository';

export type OrderActionResult = OrderSummary & { detail: string };

const EXPLAINED_VERB: ActivityVerb = 'assignmentExplained';

/**
 * The rider can take this order now: an active rider of the order's vertical, on duty, covid
 * trained for a covid order, and with room in the box. Locks the rider row (after the order).
 */
async function checkRiderCanTake(tx: DbOrTx, order: OrderRow, riderId: number) {
  const rider = await lockRider(tx, riderId);
  if (!rider || rider.userType !== USER_TYPES.RIDER) {
    throw invalid(ORDER_MESSAGES.RIDER_NOT_FOUND, {
      riderIds: [ORDER_MESSAGES.RIDER_NOT_FOUND],
    });
  }
  if (!rider.isActive) throw refused(ORDER_MESSAGES.RIDER_INACTIVE);
  if (rider.vertical !== order.vertical) throw refused(ORDER_MESSAGES.RIDER_WRONG_VERTICAL);
  if (!rider.isOnDuty) throw refused(ORDER_MESSAGES.RIDER_OFF_DUTY);
  if (order.isCovid && !rider.isCovid) throw refused(ORDER_MESSAGES.RIDER_NOT_COVID);
  // Collected samples not yet delivered still take room, whatever the rider state says.
  const inHand = await countTasksInHand(tx, riderId);
  if (inHand.pickups + inHand.deliveries >= RIDER_MAX_PICKUPS) {
    throw refused(ORDER_MESSAGES.RIDER_FULL);
  }
  return { ...rider, name: `${rider.firstName} ${rider.lastName}`.trim() };
}

/**
 * POST /orders/{vertical}/{id}/request/ (staff, 'Can assign order') and the auto-assignment job
 * (system, auto: true). Exactly one of concurrent assigns wins: the order row is locked and the
 * losers see 'assigned' and get 409. An auto assignment may carry why its rider was chosen:
 * logged beside the 'assigned' row in the same transaction, so an assignment never
 * stands without its reason nor a reason without its assignment.
 */
export async function assignOrder(
  db: Db,
  p: {
    vertical: Vertical;
    orderId: number;
    riderId: number;
    auto: boolean;
    expectedReachAt?: Date | null;
    explanation?: AssignmentExplanation | null;
  },
  actor: ActorContext,
): Promise<OrderActionResult> {
  return db.transaction(async (tx) => {
    const { order } = await beginAction(tx, 'assign', actor, p);
    const rider = await checkRiderCanTake(tx, order, p.riderId);
    const updated = await repo.updateOrder(
      tx,
      order.id,
      {
        state: nextState('assign', order.state),
        assignedRiderId: rider.id,
        assignedAt: new Date(),
        expectedReachAt: p.expectedReachAt ?? null,
        ...(p.auto ? { wasAutoAssigned: true } : { wasManualAssigned: true }),
      },
      actorUserId(actor),
    );
    await addPickupTask(tx, rider.id, updated);
    await recomputeRiderState(tx, rider.id);
    const description = describeActivity('assign', {
      rider: rider.name,
      actor: await actorName(tx, actor),
    });
    // The figures go in data too, for whoever audits the engine later.
    const explained =
      p.auto && p.explanation
        ? [
            activityRow(order, EXPLAINED_VERB, explainAssignment(p.explanation), actor, {
              ...p.explanation,
            }),
          ]
        : [];
    await insertActivities(tx, [
      activityRow(order, ORDER_TRANSITIONS.assign.verb, description, actor, {
        riderId: rider.id,
        auto: p.auto,
      }),
      ...explained,
    ]);
    // The customer can follow the rider from now on (ADR 0038); once per order.
    await sendLiveLocationLink(tx, updated, actor);
    return { detail: ORDER_SUCCESS.ASSIGNED, ...(await summarize(tx, updated)) };
  });
}

export type ReassignParams = {
  vertical?: Vertical;
  orderId: number;
  riderId: number;
  reassignmentStringId: number;
  reason: string;
};

/** POST /orders/{vertical}/{id}/reassign/: the old rider is released, the new one queued. */
export async function reassignOrder(
  db: Db,
  p: ReassignParams & { vertical: Vertical },
  actor: ActorContext,
): Promise<OrderActionResult> {
  return db.transaction((tx) => reassignOrderInTx(tx, p, actor));
}

/**
 * The reassignment inside the caller's transaction (the bulk reassign runs several in one).
 * Locks the order, then both riders in id order.
 */
export async function reassignOrderInTx(
  tx: DbOrTx,
  p: ReassignParams,
  actor: ActorContext,
): Promise<OrderActionResult> {
  const { order } = await beginAction(tx, 'reassign', actor, p);
  const previousId = order.assignedRiderId;
  if (previousId === p.riderId) throw refused(ORDER_MESSAGES.RIDER_ALREADY_ASSIGNED);
  const lookup = await findLookup(tx, p.reassignmentStringId, 'reassignment', order.vertical);
  if (!lookup) {
    throw invalid(ORDER_MESSAGES.UNKNOWN_REFERENCE, {
      reassignmentStringId: [ORDER_MESSAGES.UNKNOWN_REFERENCE],
    });
  }
  // Both rider rows in id order, so crossing reassignments cannot deadlock.
  for (const id of [previousId, p.riderId].filter((x): x is number => !!x).sort((a, b) => a - b)) {
    await lockRider(tx, id);
  }
  const rider = await checkRiderCanTake(tx, order, p.riderId);
  const released = await releaseRider(tx, order);
  const updated = await repo.updateOrder(
    tx,
    order.id,
    {
      ...released,
      state: nextState('reassign', order.state),
      assignedRiderId: rider.id,
      assignedAt: new Date(),
      wasManualAssigned: true,
      // The new rider has not been to the patient yet.
      reachedAt: null,
      riderReachedLatitude: null,
      riderReachedLongitude: null,
      reachedThresholdDistance: null,
    },
    actorUserId(actor),
  );
  await addPickupTask(tx, rider.id, updated);
  await recomputeRiderState(tx, rider.id);
  const names = await userNames(tx, [previousId]);
  const description = describeActivity('reassign', {
    previousRider: (previousId && names.get(previousId)) || '',
    rider: rider.name,
    actor: await actorName(tx, actor),
    reason: reasonText(lookup.text, p.reason),
  });
  await insertActivities(tx, [
    activityRow(order, ORDER_TRANSITIONS.reassign.verb, description, actor, {
      riderId: rider.id,
      previousRiderId: previousId,
      reassignmentStringId: lookup.id,
      reason: p.reason,
    }),
  ]);
  return { detail: ORDER_SUCCESS.REASSIGNED, ...(await summarize(tx, updated)) };
}

/**
 * Auto-assignment found no rider on time for a waiting order (ADR 0003, 'assignmentFailed'). One
 * row per pickup time: the job retries every period but logs the miss once, and a reschedule (a
 * new pickup) may log it again. Under the order's lock, so an order a dispatcher assigned in the
 * meantime is refused (409) like any other action. Whether a row was written.
 */
export async function recordAssignmentFailed(
  db: Db,
  p: { orderId: number; reason: string },
  actor: ActorContext,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const { order } = await beginAction(tx, 'assignmentFailed', actor, p);
    const verb = ORDER_TRANSITIONS.assignmentFailed.verb;
    if (await hasActivityForPickup(tx, order.id, verb, order.pickup)) return false;
    const description = describeActivity('assignmentFailed', { reason: p.reason });
    await insertActivities(tx, [
      activityRow(order, verb, description, actor, { pickup: order.pickup.toISOString() }),
    ]);
    return true;
  });
}
