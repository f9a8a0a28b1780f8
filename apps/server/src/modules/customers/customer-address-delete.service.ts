import { ADDRESS_DELETE_MESSAGES, SUCCESS } from '@dastak/core/messages';
import { PERMISSIONS } from '@dastak/core/permissions';
import type { Db, DbOrTx } from '../../db/client';
import { conflict, notFound } from '../../lib/http-errors';
import { insertActivities } from '../orders/activities.repository';
import { type ActorContext, requireStaff } from '../orders/actor';
import { activityRow, actorName } from '../orders/order-action';
import { lockOrder, type OrderRow } from '../orders/orders.repository';
import * as repo from './customer-address-delete.repository';

type AddressRow = NonNullable<Awaited<ReturnType<typeof repo.lockLiveAddress>>>;

/**
 * What an address deleted from an order must satisfy (409 otherwise):
 * - every order-linked delete (Delete Address on order detail, spec §2.6): the address is the
 *   order's own, still valid (its pin lies in a region), and the order is online;
 * - Mark Wrong Pin (the order is still unverified, spec §2.4 and §4): the address must also be
 *   verified. A wrong pin on an unverified address needs no marking: verification catches it.
 */
export function addressDeleteBlocker(order: OrderRow, address: AddressRow): string | null {
  if (order.customerAddressId !== address.id) return ADDRESS_DELETE_MESSAGES.NOT_ORDER_ADDRESS;
  if (order.fulfillmentMethod !== 'online') return ADDRESS_DELETE_MESSAGES.ORDER_OFFLINE;
  if (order.state === 'unverified' && !(address.verified && address.isValid)) {
    return ADDRESS_DELETE_MESSAGES.WRONG_PIN_UNVERIFIED;
  }
  if (!address.isValid) return ADDRESS_DELETE_MESSAGES.ADDRESS_INVALID;
  return null;
}

/**
 * DELETE /entity/customer_address/{id}/: soft-deletes the address (orders keep showing its pin).
 * With an order id the delete is made from that order: checked against it, the address is marked
 * unverified and invalid (the pin is wrong), and the order's log records who did it, all in one
 * transaction.
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
    if (!order) {
      await repo.softDeleteAddress(tx, address.id);
      return;
    }
    const blocker = addressDeleteBlocker(order, address);
    if (blocker) throw conflict(blocker);
    // The pin is wrong: unverified and invalid, so the page's Delete Address and Mark Wrong Pin
    // (both gated on a valid address) disappear while the order keeps showing where it was.
    await repo.softDeleteAddress(tx, address.id, { verified: false, isValid: false });
    await recordOnOrder(tx, order, address, actor);
  });
  return { detail: SUCCESS.CUSTOMER_ADDRESS_DELETED };
}

async function recordOnOrder(
  tx: DbOrTx,
  order: OrderRow,
  address: AddressRow,
  actor: ActorContext,
) {
  const wrongPin = order.state === 'unverified';
  const what = wrongPin ? 'Address marked as wrong pin and deleted' : 'Address deleted';
  const description = `${what} by ${await actorName(tx, actor)}: ${address.address}`;
  await insertActivities(tx, [
    activityRow(order, 'addressDeleted', description, actor, {
      customerAddressId: address.id,
      wrongPin,
    }),
  ]);
}
