import type {
  CustomerAddress,
  CustomerAddressCreate,
} from '@dastak/core/entities/customer-addresses';
import type { Vertical } from '@dastak/core/states';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { customerKeys } from './customer-keys';

/**
 * POST /entity/{vertical}/customer-address/: the server assigns the address to the regions whose
 * polygons hold the pin (regionCustomerAddresses) and marks it valid or not. The city only
 * scoped the place search; it rides along for the server's record.
 */
export function createCustomerAddress(
  vertical: Vertical,
  input: CustomerAddressCreate & { city: number },
): Promise<CustomerAddress> {
  return api.post('/entity/:vertical/customer-address/', { params: { vertical }, body: input });
}

/** DELETE /entity/customer_address/{id}/: the server records the deletion in the activity log. */
export function deleteCustomerAddress(id: number): Promise<{ detail: string }> {
  return api.delete('/entity/customer_address/:id/', { params: { id } });
}

export function useCreateCustomerAddressMutation(vertical: Vertical) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CustomerAddressCreate & { city: number }) =>
      createCustomerAddress(vertical, input),
    onSuccess: (address) =>
      queryClient.invalidateQueries({ queryKey: customerKeys.detail(address.customer) }),
  });
}

export function useDeleteCustomerAddressMutation(customerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCustomerAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKeys.detail(customerId) }),
  });
}
