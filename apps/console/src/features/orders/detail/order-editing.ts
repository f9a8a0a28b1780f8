import type { Order } from '@dastak/core/entities/orders';
import { type OrderState, RIDER_POLLING_STATES } from '@dastak/core/states';

/**
 * Tests and notes can be edited only while the order has no collectedAt (spec §4); the server
 * also refuses closed orders, so the links hide for those too.
 */
export function canEditBeforeCollection(order: Pick<Order, 'collectedAt' | 'state'>): boolean {
  return order.collectedAt === null && order.state !== 'delivered' && order.state !== 'cancelled';
}

/** The X-ray order-details block has no edit link for tests (spec §2.6). */
export function canEditTests(order: Pick<Order, 'collectedAt' | 'state' | 'vertical'>): boolean {
  return order.vertical === 'blood' && canEditBeforeCollection(order);
}

/** The rider on the order: the assigned one, else the one the order last carried. */
export function orderRiderId(order: Pick<Order, 'assignedRider' | 'rider'>): number | null {
  return order.assignedRider?.id ?? order.rider?.id ?? null;
}

/** Rider location and queue are polled while the order is assigned, reached or collected. */
export function shouldPollRider(order: Pick<Order, 'state' | 'assignedRider' | 'rider'>): boolean {
  return RIDER_POLLING_STATES.includes(order.state) && orderRiderId(order) !== null;
}

/**
 * The pickup countdown is hidden once the sample is collected, delivered or the order cancelled
 * (docs/decisions/0013-order-detail.md): the pickup time no longer matters then.
 */
export const COUNTDOWN_HIDDEN_STATES: readonly OrderState[] = [
  'collected',
  'delivered',
  'cancelled',
];
