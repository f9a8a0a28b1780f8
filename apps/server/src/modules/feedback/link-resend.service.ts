import type { CustomerLink } from '@dastak/core/entities/feedback';
import { PERMISSIONS } from '@dastak/core/permissions';
import type { Vertical } from '@dastak/core/states';
import type { Db } from '../../db/client';
import { type ActorContext, requireStaff } from '../../lib/actor';
import { notFound } from '../../lib/domain-errors';
import {
  findLinkByRef,
  linkResentRow,
  serializeLinks,
  textLinkAgain,
} from '../customer-links/public';
import { insertActivities } from '../order-activities/public';
import { loadOrder } from '../orders/public';

// Sending the link again locks the order, so it lives above orders; the first sending, which
// the order actions call, stays below them in customer-links
// (docs/decisions/0059-import-boundaries.md).

/** POST /orders/{vertical}/{id}/links/{ref}/resend/: the link texted again, logged on the order. */
export async function resendOrderLink(
  db: Db,
  p: { vertical: Vertical; orderId: number; ref: number },
  actor: ActorContext,
): Promise<CustomerLink> {
  requireStaff(actor, PERMISSIONS.CAN_CHANGE_ORDER);
  return db.transaction(async (tx) => {
    const order = await loadOrder(tx, p.orderId, p.vertical);
    const link = await findLinkByRef(tx, p.ref);
    if (!link || link.orderId !== order.id) throw notFound();
    await textLinkAgain(tx, link, {
      orderState: order.state,
      customerId: order.customerId,
      orderNumber: order.number,
    });
    await insertActivities(tx, [await linkResentRow(tx, order, link.kind, actor)]);
    const [serialized] = await serializeLinks(tx, [link], () => order.state);
    return serialized!;
  });
}
