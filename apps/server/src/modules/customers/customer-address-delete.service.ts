import { SUCCESS } from '@dastak/core/messages';
import { PERMISSIONS } from '@dastak/core/permissions';
import { addressDeleteBlocker } from '@dastak/core/rules/address-delete';
import type { Db, DbOrTx } from '../../db/client';
import { conflict, notFound } from '../../lib/http-errors';
import { insertActivities } from '../orders/activities.repository';
import { type ActorContext, requireStaff } from '../orders/actor';
import { activityRow, actorName } from '../orders/order-action';
import { lockOrder, type OrderRow } from '../orders/orders.repository';
import * as repo from './customer-address-delete.repository';

type AddressRow = NonNullable<Awaited<ReturnType<typeof repo.lockLiveAddress>>>;

/**
 * DELETE /entity/customer_address/{id}/: soft-deletes the address (orders keep showing its pin).
 * With an order id the delete is made from that order: checked against it (core
 * `addressDeleteBlocker`: Delete Address, or Mark Wrong Pin when `wrongPin`), the address is
 * marked unverified and invalid, and the order's log records who did it and which of the two it
 * was, all in one transaction.
 */
export async function deleteCustomerAddress(
  db: Db,
  p: { addressId: number; orderId?: number; wrongPin?: boolean },
  actor: ActorContext,
) {
  requireStaff(actor, PERMISSIONS.CAN_CHANGE_CUSTOMER);
  await db.transaction(async (tx) => {
    // Lock order: the order row before the address row, as every order action does.
    const order = p.orderId ? await lockOrder(tx, p.orderId) : undefined;
    if (p.orderId && !order) throw notFound();
    const address = await repo.lockLiveAddress(tx, p.addressId);
    if (!address) throw notFound();
    if (!order) {
      await repo.softDeleteAddress(tx, address.id);
      return;
    }
    const wrongPin = p.wrongPin ?? false;
    const blocker = addressDeleteBlocker(order, address, wrongPin);
    if (blocker) throw conflict(blocker);
    // Unverified and invalid, so the page's Delete Address and Mark Wrong Pin (both gated on a
    // valid address) disappear while the order keeps showing where it was.
    await repo.softDeleteAddress(tx, address.id, { verified: false, isValid: false });
    await recordOnOrder(tx, order, address, wrongPin, actor);
  });
  return { detail: SUCCESS.CUSTOMER_ADDRESS_DELETED };
}

async function recordOnOrder(
  tx: DbOrTx,
  order: OrderRow,
  address: AddressRow,
  wrongPin: boolean,
  actor: ActorContext,
) {
  const what = wrongPin ? 'Address marked as wrong pin and deleted' : 'Address deleted';
  const description = `${what} by ${await actorName(tx, actor)}: ${address.address}`;
  await insertActivities(tx, [
    activityRow(order, 'addressDeleted', description, actor, {
      customerAddressId: address.id,
      wrongPin,
    }),
  ]);
}
