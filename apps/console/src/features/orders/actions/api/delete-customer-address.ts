import { api } from '../../../../lib/api-client';
import { useOrderMutation } from './use-order-mutation';

/**
 * DELETE /entity/customer_address/{id}/?order_id: from an order (Delete Address, Mark Wrong Pin)
 * the server checks the address against that order and records it in the order's log.
 */
export function deleteCustomerAddress(customerAddressId: number, orderId: number) {
  return api.delete<{ detail: string }>(`/entity/customer_address/${customerAddressId}/`, {
    query: { orderId },
  });
}

export const useDeleteCustomerAddressMutation = (orderId: number) =>
  useOrderMutation((customerAddressId: number) =>
    deleteCustomerAddress(customerAddressId, orderId),
  );
