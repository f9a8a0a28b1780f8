import type { Customer } from '@dastak/core/entities/customers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { customerKeys } from './customer-keys';

/** GET /entity/customer/{id}/: profile, addresses with their regions, patients, order history. */
export function getCustomer(id: number, signal?: AbortSignal): Promise<Customer> {
  return api.get('/entity/customer/:id/', { params: { id }, signal });
}

export const customerQueryOptions = (id: number) =>
  queryOptions({
    queryKey: customerKeys.detail(id),
    queryFn: ({ signal }) => getCustomer(id, signal),
  });

export function useCustomerQuery(id: number) {
  return useQuery({ ...customerQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}
