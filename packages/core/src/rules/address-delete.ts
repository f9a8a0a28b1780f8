import { ADDRESS_DELETE_MESSAGES } from '../messages/address-delete';
import type { FulfillmentMethod, OrderState } from '../states';

/** What the rule needs of the order the address is deleted from. */
export type AddressDeleteOrder = {
  state: OrderState;
  fulfillmentMethod: FulfillmentMethod;
  customerAddressId: number | null;
};

/** What the rule needs of the address. */
export type AddressDeleteAddress = { id: number; verified: boolean; isValid: boolean };

/**
 * Why an address may not be deleted from this order, or null when it may. The server answers
 * 409 with the message; the console shows the button only on null (docs/decisions/0014).
 * - Delete Address (order detail, spec §2.6): the address is the order's own, still valid (its
 *   pin lies in a region), and the order is online; any state.
 * - Mark Wrong Pin (`wrongPin`; unverified order detail, spec §2.4 and §4): as well, the order is
 *   still unverified and the address verified. A wrong pin on an unverified address needs no
 *   marking: verification catches it.
 */
export function addressDeleteBlocker(
  order: AddressDeleteOrder,
  address: AddressDeleteAddress,
  wrongPin: boolean,
): string | null {
  if (order.customerAddressId !== address.id) return ADDRESS_DELETE_MESSAGES.NOT_ORDER_ADDRESS;
  if (order.fulfillmentMethod !== 'online') return ADDRESS_DELETE_MESSAGES.ORDER_OFFLINE;
  if (wrongPin) {
    if (order.state !== 'unverified') return ADDRESS_DELETE_MESSAGES.WRONG_PIN_ORDER_NOT_UNVERIFIED;
    if (!(address.verified && address.isValid)) return ADDRESS_DELETE_MESSAGES.WRONG_PIN_UNVERIFIED;
  }
  if (!address.isValid) return ADDRESS_DELETE_MESSAGES.ADDRESS_INVALID;
  return null;
}
