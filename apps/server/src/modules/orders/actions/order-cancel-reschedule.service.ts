import { ORDER_MESSAGES, ORDER_SUCCESS, VALIDATION } from '@dastak/core/messages';
import { describeActivity, nextState, ORDER_TRANSITIONS } from '@dastak/core/order-transitions';
import { formatDisplayDate, formatTime12 } from '@dastak/core/rules/format';
import { parseKarachi } from '@dastak/core/rules/karachi-time';
import { pickupFit } from '@dastak/core/rules/pickup-window';
import type { LookupKind, Vertical } from '@dastak/core/states';
import type { Db, DbOrTx } from '../../../db/client';
import { type ActorContext, actorUserId } from '../../../lib/actor';
import { invalidField } from '../../../lib/domain-errors';
import { claimTimeSlot } from '../../dispatch/public';
import { activityRow, actorName, insertActivities } from '../../order-activities/public';
import { beginAction, reasonText, releaseRider, summarize } from '../order-action';
import { findLookup } from '../order-references.repository';
import * as repo from '../orders.repository';
import type { OrderActionResult } from './order-assign.service';

async function requireLookup(
  tx: DbOrTx,
  id: number,
  kind: LookupKind,
  vertical: Vertical,
  field: string,
) {
  const lookup = await findLookup(tx, id, kind, vertical);
  if (!lookup) throw invalidField(field, ORDER_MESSAGES.UNKNOWN_REFERENCE);
  return lookup;
}

/**
 * POST /orders/{vertical}/{id}/reschedule/: a new pickup (date + slot 'HH:mm', Karachi time),
 * inside the reschedule window (now plus the lead, up to the last allowed day). The rider is released and the order
 * waits in 'scheduled' for the auto-assignment horizon (ADR 0003).
 */
export async function rescheduleOrder(
  db: Db,
  p: {
    vertical: Vertical;
    orderId: number;
    date: string;
    timeSlot: string;
    reason: string;
    rescheduleStringId: number;
  },
  actor: ActorContext,
): Promise<OrderActionResult> {
  return db.transaction(async (tx) => {
    const { order } = await beginAction(tx, 'reschedule', actor, p);
    const lookup = await requireLookup(
      tx,
      p.rescheduleStringId,
      'reschedule',
      order.vertical,
      'rescheduleStringId',
    );
    const pickup = parseKarachi(`${p.date}T${p.timeSlot}`);
    if (!pickup) throw invalidField('timeSlot', VALIDATION.SELECT_RESCHEDULE_TIME);
    // The window the reschedule dialog's slots come from (core rules/pickup-window.ts).
    const fit = pickupFit('reschedule', pickup, new Date());
    if (fit === 'soon') throw invalidField('timeSlot', ORDER_MESSAGES.RESCHEDULE_TOO_SOON);
    if (fit === 'far') throw invalidField('date', ORDER_MESSAGES.RESCHEDULE_TOO_FAR);
    // Only a slot the reschedule dialog's time-slots call offers now, the order's own booking
    // left out of the slot's load; locks the slot's day against a concurrent booking.
    await claimTimeSlot(tx, {
      vertical: order.vertical,
      date: p.date,
      timeSlot: p.timeSlot,
      regionId: order.regionId,
      isCovid: order.isCovid,
      orderId: order.id,
    });
    const released = await releaseRider(tx, order);
    const updated = await repo.updateOrder(
      tx,
      order.id,
      {
        ...released,
        state: nextState('reschedule', order.state),
        pickup,
        // A new visit: nothing of the old one carries over.
        reachedAt: null,
        riderReachedLatitude: null,
        riderReachedLongitude: null,
        reachedThresholdDistance: null,
      },
      actorUserId(actor),
    );
    const description = describeActivity('reschedule', {
      pickup: `${formatDisplayDate(pickup)} ${formatTime12(pickup)}`,
      actor: await actorName(tx, actor),
      reason: reasonText(lookup.text, p.reason),
    });
    await insertActivities(tx, [
      activityRow(order, ORDER_TRANSITIONS.reschedule.verb, description, actor, {
        from: order.pickup.toISOString(),
        to: pickup.toISOString(),
        rescheduleStringId: lookup.id,
        riderId: order.assignedRiderId,
      }),
    ]);
    return { detail: ORDER_SUCCESS.RESCHEDULED, ...(await summarize(tx, updated)) };
  });
}

/** POST /orders/{vertical}/{id}/cancel/: any cancellable state; the rider is released. */
export async function cancelOrder(
  db: Db,
  p: {
    vertical: Vertical;
    orderId: number;
    reason: string;
    cancellationStringId: number;
    isUnverified?: boolean;
  },
  actor: ActorContext,
): Promise<OrderActionResult> {
  return db.transaction(async (tx) => {
    const { order } = await beginAction(tx, 'cancel', actor, p);
    const lookup = await requireLookup(
      tx,
      p.cancellationStringId,
      'cancellation',
      order.vertical,
      'cancellationStringId',
    );
    const released = await releaseRider(tx, order);
    const updated = await repo.updateOrder(
      tx,
      order.id,
      {
        ...released,
        state: nextState('cancel', order.state),
        cancelledAt: new Date(),
        cancellationStringId: lookup.id,
        cancellationReason: p.reason.trim() || null,
      },
      actorUserId(actor),
    );
    const description = describeActivity('cancel', {
      actor: await actorName(tx, actor),
      reason: reasonText(lookup.text, p.reason),
    });
    await insertActivities(tx, [
      activityRow(order, ORDER_TRANSITIONS.cancel.verb, description, actor, {
        cancellationStringId: lookup.id,
        riderId: order.assignedRiderId,
        // The console sends it when cancelling from the unverified list; kept for the record.
        isUnverified: p.isUnverified ?? false,
      }),
    ]);
    return { detail: ORDER_SUCCESS.CANCELLED, ...(await summarize(tx, updated)) };
  });
}
