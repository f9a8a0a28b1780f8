import { RIDER_MAX_PICKUPS } from '@dastak/core/constants';
import { ORDER_MESSAGES, ORDER_SUCCESS } from '@dastak/core/messages';
import { type AssignmentExplanation, explainAssignment } from '@dastak/core/messages/dispatch';
import { type ActivityVerb, ORDER_TRANSITIONS } from '@dastak/core/order-transitions';
import { USER_TYPES, type Vertical } from '@dastak/core/states';
import type { Db, DbOrTx } from '../../../db/client';
import type { ActorContext } from '../../../lib/actor';
import { invalid, refused } from '../../../lib/domain-errors';
import { sendLiveLocationLink } from '../../customer-links/public';
import { addPickupTask, countTasksInHand, recomputeRiderState } from '../../dispatch/public';
import { activityRow, hasActivityForPickup, insertActivities } from '../../order-activities/public';
import { notifyRiderTask } from '../../push/public';
import { userNames } from '../../users/public';
import {
  actionRow,
  beginAction,
  type LockedRider,
  type OrderActionResult,
  reasonText,
  requireLookup,
  runOrderAction,
  runOrderActionInTx,
} from '../order-action';
import type { OrderRow } from '../orders.repository';

const EXPLAINED_VERB: ActivityVerb = 'assignmentExplained';

/**
 * The rider can take this order now: an active rider of the order's vertical, on duty, covid
 * trained for a covid order, and with room in the box. `rider`: the row runOrderAction locked.
 */
async function checkRiderCanTake(tx: DbOrTx, order: OrderRow, rider: LockedRider | undefined) {
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
  const inHand = await countTasksInHand(tx, rider.id);
  if (inHand.pickups + inHand.deliveries >= RIDER_MAX_PICKUPS) {
    throw refused(ORDER_MESSAGES.RIDER_FULL);
  }
  return { ...rider, name: `${rider.firstName} ${rider.lastName}`.trim() };
}

/** The new rider's pickup joins their queue, and their state follows. */
async function queuePickup(tx: DbOrTx, riderId: number, order: OrderRow) {
  await addPickupTask(tx, riderId, order);
  await recomputeRiderState(tx, riderId);
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
  const result = await runOrderAction(
    db,
    {
      action: 'assign',
      actor,
      target: p,
      detail: ORDER_SUCCESS.ASSIGNED,
      riders: () => [p.riderId],
    },
    async ({ tx, order, riders, update }) => {
      const rider = await checkRiderCanTake(tx, order, riders.get(p.riderId));
      const updated = await update({
        assignedRiderId: rider.id,
        assignedAt: new Date(),
        expectedReachAt: p.expectedReachAt ?? null,
        ...(p.auto ? { wasAutoAssigned: true } : { wasManualAssigned: true }),
      });
      await queuePickup(tx, rider.id, updated);
      return {
        describe: { rider: rider.name },
        data: { riderId: rider.id, auto: p.auto },
        // The figures go in data too, for whoever audits the engine later.
        rows:
          p.auto && p.explanation
            ? [
                activityRow(order, EXPLAINED_VERB, explainAssignment(p.explanation), actor, {
                  ...p.explanation,
                }),
              ]
            : [],
        // The customer can follow the rider from now on (ADR 0038); once per order.
        after: (assigned) => sendLiveLocationLink(tx, assigned, actor),
      };
    },
  );
  // After commit, never awaited: the rider's phone rings (ADR 0063).
  notifyRiderTask(db, p.riderId, result);
  return result;
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
  const result = await db.transaction((tx) => reassignOrderInTx(tx, p, actor));
  notifyRiderTask(db, p.riderId, result);
  return result;
}

/**
 * The reassignment inside the caller's transaction (the bulk reassign runs several in one).
 * runOrderAction locks the order, then both riders in id order.
 */
export async function reassignOrderInTx(
  tx: DbOrTx,
  p: ReassignParams,
  actor: ActorContext,
): Promise<OrderActionResult> {
  return runOrderActionInTx(
    tx,
    {
      action: 'reassign',
      actor,
      target: p,
      detail: ORDER_SUCCESS.REASSIGNED,
      // The old rider is locked too: the table's `unassignsRider` releases them.
      riders: () => [p.riderId],
    },
    async ({ order, riders, update }) => {
      const previousId = order.assignedRiderId;
      if (previousId === p.riderId) throw refused(ORDER_MESSAGES.RIDER_ALREADY_ASSIGNED);
      const lookup = await requireLookup(tx, 'reassignment', p.reassignmentStringId, order);
      const rider = await checkRiderCanTake(tx, order, riders.get(p.riderId));
      const updated = await update({
        assignedRiderId: rider.id,
        assignedAt: new Date(),
        wasManualAssigned: true,
        // The new rider has not been to the patient yet.
        reachedAt: null,
        riderReachedLatitude: null,
        riderReachedLongitude: null,
        reachedThresholdDistance: null,
      });
      await queuePickup(tx, rider.id, updated);
      const names = await userNames(tx, [previousId]);
      return {
        describe: {
          previousRider: (previousId && names.get(previousId)) || '',
          rider: rider.name,
          reason: reasonText(lookup.text, p.reason),
        },
        data: {
          riderId: rider.id,
          previousRiderId: previousId,
          reassignmentStringId: lookup.id,
          reason: p.reason,
        },
      };
    },
  );
}

/**
 * Auto-assignment found no rider on time for a waiting order (ADR 0003, 'assignmentFailed'). One
 * row per pickup time: the job retries every period but logs the miss once, and a reschedule (a
 * new pickup) may log it again. Under the order's lock, so an order a dispatcher assigned in the
 * meantime is refused (409) like any other action. Whether a row was written. Not
 * runOrderAction: it changes no state, may write nothing, and answers no summary.
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
    await insertActivities(tx, [
      actionRow(
        'assignmentFailed',
        order,
        actor,
        { reason: p.reason },
        {
          pickup: order.pickup.toISOString(),
        },
      ),
    ]);
    return true;
  });
}
