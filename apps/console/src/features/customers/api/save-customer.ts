import type { Customer, CustomerCreate, CustomerUpdate } from '@dastak/core/entities/customers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { customerKeys } from './customer-keys';

/** POST /entity/customers/ (dob already YYYY-MM-DD from the schema). */
export function createCustomer(input: CustomerCreate): Promise<Customer> {
  return api.post<Customer>('/entity/customers/', input);
}

/** PATCH /entity/customer/{id}/: the number is read-only on update, so it is never sent. */
export function updateCustomer(id: number, input: CustomerUpdate): Promise<Customer> {
  return api.patch<Customer>(`/entity/customer/${id}/`, input);
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
    mutationFn: (input: CustomerUpdate) => updateCustomer(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKeys.all }),
  });
}
