import { SUCCESS } from '@dastak/core/messages';
import { PERMISSIONS } from '@dastak/core/permissions';
import { addressDeleteBlocker } from '@dastak/core/rules/address-delete';
import type { Db, DbOrTx } from '../../db/client';
import { type ActorContext, requireStaff } from '../../lib/actor';
import { notFound, refused } from '../../lib/domain-errors';
import { activityRow, actorName, insertActivities } from '../order-activities/public';
import { lockOrder } from '../orders/public';
import * as repo from './customer-address-delete.repository';

type AddressRow = NonNullable<Awaited<ReturnType<typeof repo.lockLiveAddress>>>;

/**
 * DELETE /entity/customer_address/{id}/: soft-deletes the address (orders keep showing its pin)
 * and leaves it unverified and invalid, so no address action lingers on the orders at it.
 * - With an order id it is Mark Wrong Pin (spec §7 sends the order id only for that): checked
 *   against the order (core `addressDeleteBlocker`: the order's own address, verified and valid,
 *   the order online and unverified) and recorded in that order's log.
 * - Without, it is Delete Address (wizard, create page, order detail): recorded in the log of
 *   every order booked at the address, as the confirm dialog's notice says.
 * All in one transaction (docs/decisions/0014).
 */
export async function deleteCustomerAddress(
  db: Db,
  p: { addressId: number; orderId?: number },
  actor: ActorContext,
) {
  requireStaff(actor, PERMISSIONS.CAN_CHANGE_CUSTOMER);
  await db.transaction(async (tx) => {
    // Lock order: the order row before the address row, as every order action does.
    const order = p.orderId ? await lockOrder(tx, p.orderId) : undefined;
    if (p.orderId && !order) throw notFound();
    const address = await repo.lockLiveAddress(tx, p.addressId);
    if (!address) throw notFound();
    if (order) {
      const blocker = addressDeleteBlocker(order, address, true);
      if (blocker) throw refused(blocker);
    }
    await repo.softDeleteAddress(tx, address.id, { verified: false, isValid: false });
    const orderIds = order ? [order.id] : await repo.listOrderIdsAt(tx, address.id);
    await recordOnOrders(tx, orderIds, address, !!order, actor);
  });
  return { detail: SUCCESS.CUSTOMER_ADDRESS_DELETED };
}

async function recordOnOrders(
  tx: DbOrTx,
  orderIds: number[],
  address: AddressRow,
  wrongPin: boolean,
  actor: ActorContext,
) {
  if (orderIds.length === 0) return;
  const what = wrongPin ? 'Address marked as wrong pin and deleted' : 'Address deleted';
  const description = `${what} by ${await actorName(tx, actor)}: ${address.address}`;
  await insertActivities(
    tx,
    orderIds.map((id) =>
      activityRow({ id }, 'addressDeleted', description, actor, {
        customerAddressId: address.id,
        wrongPin,
      }),
    ),
  );
}
