import type { Order } from '@dastak/core/entities/orders';

/**
 * What the Verify Order confirm says, on the order detail and the unverified detail alike. An
 * external order (booked for a partner, such as a corporate client) gets the 'verify external'
 * modal of spec §2.6: the same call, with a title and text that say where the order came from
 * (docs/decisions/0014-order-actions.md).
 */
export function verifyDialogCopy(order: Pick<Order, 'number' | 'isExternal'>): {
  title: string;
  text: string;
} {
  const then = 'It then waits for a rider like any other order.';
  return order.isExternal
    ? {
        title: 'Verify External Order',
        text: `Order ${order.number} came from an external partner. Mark it as verified? ${then}`,
      }
    : { title: 'Verify Order', text: `Mark order ${order.number} as verified? ${then}` };
}
