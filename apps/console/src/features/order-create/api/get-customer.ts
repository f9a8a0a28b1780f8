import type { Vertical } from '@dastak/core/states';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /entity/customer/{id}/?vertical: the customer with addresses and patients. */
export function getCustomer(id: number, vertical: Vertical, signal?: AbortSignal) {
  return api.get('/entity/customer/:id/', { params: { id }, query: { vertical }, signal });
}

export const customerQueryKey = (id: number, vertical: Vertical) =>
  ['customers', 'detail', id, vertical] as const;

export const customerQueryOptions = (id: number, vertical: Vertical) =>
  queryOptions({
    queryKey: customerQueryKey(id, vertical),
    queryFn: ({ signal }) => getCustomer(id, vertical, signal),
  });

export function useCustomerQuery(id: number | null, vertical: Vertical) {
  return useQuery({ ...customerQueryOptions(id ?? 0, vertical), enabled: id !== null });
}
