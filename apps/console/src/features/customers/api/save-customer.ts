import type { Customer, CustomerCreate, CustomerUpdate } from '@dastak/core/entities/customers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ifMatch } from '../../../lib/edit-conflict';
import { customerKeys } from './customer-keys';

/** POST /entity/customers/ (dob already YYYY-MM-DD from the schema). */
export function createCustomer(input: CustomerCreate): Promise<Customer> {
  return api.post('/entity/customers/', { body: input });
}

/**
 * PATCH /entity/customer/{id}/: the number is read-only on update, so it is never sent. If-Match
 * carries the version the form read: a customer changed since answers 409 (ADR 0056).
 */
export function updateCustomer(
  id: number,
  input: CustomerUpdate,
  version: number,
): Promise<Customer> {
  return api.patch('/entity/customer/:id/', {
    params: { id },
    body: input,
    headers: ifMatch(version),
  });
}

export function useCreateCustomerMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCustomer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKeys.lists() }),
  });
}

export function useUpdateCustomerMutation(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, version }: { input: CustomerUpdate; version: number }) =>
      updateCustomer(id, input, version),
    onSuccess: (customer) => {
      // The saved version at once: a form opened next must not send the one before it.
      queryClient.setQueryData(customerKeys.detail(id), customer);
      return queryClient.invalidateQueries({ queryKey: customerKeys.all });
    },
  });
}
