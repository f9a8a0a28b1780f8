import { ORDER_MESSAGES, ORDER_SUCCESS, VALIDATION } from '@dastak/core/messages';
import { formatDisplayDate, formatTime12 } from '@dastak/core/rules/format';
import { parseKarachi } from '@dastak/core/rules/karachi-time';
import { pickupFit } from '@dastak/core/rules/pickup-window';
import type { Vertical } from '@dastak/core/states';
import type { Db } from '../../../db/client';
import type { ActorContext } from '../../../lib/actor';
import { invalidField } from '../../../lib/domain-errors';
import { claimTimeSlot } from '../../dispatch/public';
import { type OrderActionResult, reasonText, requireLookup, runOrderAction } from '../order-action';

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
  return runOrderAction(
    db,
    { action: 'reschedule', actor, target: p, detail: ORDER_SUCCESS.RESCHEDULED },
    async ({ tx, order, update }) => {
      const lookup = await requireLookup(tx, 'reschedule', p.rescheduleStringId, order);
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
      await update({
        pickup,
        // A new visit: nothing of the old one carries over.
        reachedAt: null,
        riderReachedLatitude: null,
        riderReachedLongitude: null,
        reachedThresholdDistance: null,
      });
      return {
        describe: {
          pickup: `${formatDisplayDate(pickup)} ${formatTime12(pickup)}`,
          reason: reasonText(lookup.text, p.reason),
        },
        data: {
          from: order.pickup.toISOString(),
          to: pickup.toISOString(),
          rescheduleStringId: lookup.id,
          riderId: order.assignedRiderId,
        },
      };
    },
  );
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
  return runOrderAction(
    db,
    { action: 'cancel', actor, target: p, detail: ORDER_SUCCESS.CANCELLED },
    async ({ tx, order, update }) => {
      const lookup = await requireLookup(tx, 'cancellation', p.cancellationStringId, order);
      await update({
        cancelledAt: new Date(),
        cancellationStringId: lookup.id,
        cancellationReason: p.reason.trim() || null,
      });
      return {
        describe: { reason: reasonText(lookup.text, p.reason) },
        data: {
          cancellationStringId: lookup.id,
          riderId: order.assignedRiderId,
          // The console sends it when cancelling from the unverified list; kept for the record.
          isUnverified: p.isUnverified ?? false,
        },
      };
    },
  );
}
