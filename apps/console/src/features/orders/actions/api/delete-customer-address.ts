import { api } from '../../../../lib/api-client';
import { useOrderMutation } from './use-order-mutation';

/**
 * DELETE /entity/customer_address/{id}/?order_id[&wrong_pin=true]: a delete made from an order.
 * The server checks the address against that order and records in the order's log which of the
 * two it was: Delete Address (order detail, spec §2.6) or Mark Wrong Pin (unverified order
 * detail, spec §2.4), which also needs the order unverified (docs/decisions/0014).
 */
export function deleteCustomerAddress(
  customerAddressId: number,
  orderId: number,
  { wrongPin }: { wrongPin: boolean },
) {
  return api.delete<{ detail: string }>(`/entity/customer_address/${customerAddressId}/`, {
    query: { orderId, wrongPin: wrongPin || undefined },
  });
}

/** Delete Address of the order detail: never a wrong pin. */
export const useDeleteOrderAddressMutation = (orderId: number) =>
  useOrderMutation((customerAddressId: number) =>
    deleteCustomerAddress(customerAddressId, orderId, { wrongPin: false }),
  );

/** Mark Wrong Pin of the unverified order detail. */
export const useMarkWrongPinMutation = (orderId: number) =>
  useOrderMutation((customerAddressId: number) =>
    deleteCustomerAddress(customerAddressId, orderId, { wrongPin: true }),
  );
