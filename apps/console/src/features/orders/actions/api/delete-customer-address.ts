import { api } from '../../../../lib/api-client';
import { useOrderMutation } from './use-order-mutation';

/**
 * DELETE /entity/customer_address/{id}/[?order_id]: spec §7 sends the address id, and the order
 * id only for Mark Wrong Pin. With the order id the server checks the wrong pin against that order
 * (unverified, address verified and valid, online) and records it in the order's log; without,
 * it deletes the address and records that in the log of every order at it (docs/decisions/0014).
 */
export function deleteCustomerAddress(customerAddressId: number, orderId?: number) {
  return api.delete('/entity/customer_address/:id/', {
    params: { id: customerAddressId },
    query: orderId === undefined ? undefined : { orderId },
  });
}

/** Delete Address of the order detail: the address id alone. */
export const useDeleteOrderAddressMutation = () =>
  useOrderMutation((customerAddressId: number) => deleteCustomerAddress(customerAddressId));

/** Mark Wrong Pin of the unverified order detail: the address id and the order id. */
export const useMarkWrongPinMutation = (orderId: number) =>
  useOrderMutation((customerAddressId: number) =>
    deleteCustomerAddress(customerAddressId, orderId),
  );
