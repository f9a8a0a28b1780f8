import type { OrderState } from '@dastak/core/states';
import type { OutboxItem } from './outbox/outbox';

/**
 * Optimistic state: what an order will be once the rider's queued actions reach the server.
 * The screen shows it at once, marked 'waiting to send', instead of the server's older state.
 */
export function effectiveState(
  order: { id: number; state: OrderState },
  items: readonly OutboxItem[],
): { state: OrderState; waiting: boolean } {
  let state = order.state;
  let waiting = false;
  for (const item of items) {
    if (item.orderId === order.id) {
      if (item.kind === 'reached' && state === 'assigned') state = 'reached';
      if (item.kind === 'collected') state = 'collected';
      if (item.kind === 'problem') state = 'problem';
      if (item.kind !== 'feedback') waiting = true;
    }
    if (item.kind === 'deliver' && state === 'collected') {
      state = 'delivered';
      waiting = true;
    }
  }
  return { state, waiting };
}
