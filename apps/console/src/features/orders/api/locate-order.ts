import type { Vertical } from '@dastak/core/states';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { orderKeys } from './order-keys';

export type OrderLocation = { id: number; vertical: Vertical };

/** GET /orders/locate/{id}/: which vertical an order belongs to, for /orders/detail/{id}. */
export function locateOrder(id: number, signal?: AbortSignal): Promise<OrderLocation> {
  return api.get('/orders/locate/:id/', { params: { id }, signal });
}

export const locateOrderQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...orderKeys.all, 'locate', id] as const,
    queryFn: ({ signal }) => locateOrder(id, signal),
    // An order never changes vertical.
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useLocateOrderQuery(id: number) {
  return useQuery({ ...locateOrderQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}
