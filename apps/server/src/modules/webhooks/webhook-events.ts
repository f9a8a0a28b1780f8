import { randomUUID } from 'node:crypto';
import type { WebhookEvent, WebhookEventBody } from '@dastak/core/entities/webhooks';
import { toKarachiIso } from '@dastak/core/rules/karachi-time';
import type { DbOrTx } from '../../db/client';
import * as repo from './webhooks.repository';

/** One thing that happened to an order, as subscribers receive it. */
export interface OrderEvent {
  orderId: number;
  type: WebhookEvent;
  /** Beside the order's snapshot in `data`. */
  details?: Record<string, unknown> | null;
}

/** The activity verbs that are webhook events (the order's activity row is the trigger). */
const VERB_EVENTS: Readonly<Record<string, WebhookEvent>> = {
  created: 'order.created',
  assigned: 'order.assigned',
  reassigned: 'order.assigned',
  reached: 'order.reached',
  collected: 'order.collected',
  delivered: 'order.delivered',
  cancelled: 'order.cancelled',
  rescheduled: 'order.rescheduled',
};

/** The events among activity rows being written; rows of other verbs are no events. */
export function eventsOfActivities(
  rows: readonly { orderId: number; verb: string; data?: unknown }[],
): OrderEvent[] {
  return rows.flatMap((r) => {
    const type = VERB_EVENTS[r.verb];
    if (!type) return [];
    const data = r.data && typeof r.data === 'object' ? (r.data as Record<string, unknown>) : {};
    const details = r.verb === 'reassigned' ? { ...data, reassigned: true } : data;
    return [{ orderId: r.orderId, type, details: Object.keys(details).length ? details : null }];
  });
}

const iso = (d: Date | null) => (d ? toKarachiIso(d) : null);

/**
 * Writes one delivery per event and matching subscription, in the caller's transaction: the
 * webhook goes out only if the change commits, and always if it does (the outbox). Costs one
 * query when nobody subscribes to these events.
 */
export async function enqueueOrderEvents(tx: DbOrTx, events: readonly OrderEvent[]) {
  if (events.length === 0) return 0;
  const subscribers = await repo.subscribersOf(tx, [...new Set(events.map((e) => e.type))]);
  if (subscribers.length === 0) return 0;
  const orderIds = [...new Set(events.map((e) => e.orderId))].sort((a, b) => a - b);
  // Ascending, so that two transactions locking the same orders cannot deadlock.
  for (const id of orderIds) await repo.lockOrderEvents(tx, id);
  const snapshots = await repo.orderSnapshots(tx, orderIds);
  let written = 0;
  for (const event of events) {
    const wanted = subscribers.filter((s) => s.events.includes(event.type));
    const order = snapshots.get(event.orderId);
    if (wanted.length === 0 || !order) continue;
    const body: WebhookEventBody = {
      id: `evt_${randomUUID().replaceAll('-', '')}`,
      type: event.type,
      created: toKarachiIso(new Date()),
      data: {
        order: {
          id: order.id,
          number: order.number,
          vertical: order.vertical,
          state: order.state,
          pickup: iso(order.pickup),
          assignedRiderId: order.assignedRiderId,
          collectionCenterId: order.collectionCenterId,
          collectedAt: iso(order.collectedAt),
          deliveredAt: iso(order.deliveredAt),
          sampleExpiresAt: iso(order.sampleExpiresAt),
        },
        ...(event.details ? { details: event.details } : {}),
      },
    };
    const raw = JSON.stringify(body);
    for (const s of wanted) {
      await repo.insertDelivery(tx, {
        subscriptionId: s.id,
        orderId: order.id,
        sequence: await repo.nextSequence(tx, s.id, order.id),
        eventId: body.id,
        type: event.type,
        body: raw,
      });
      written += 1;
    }
  }
  return written;
}
