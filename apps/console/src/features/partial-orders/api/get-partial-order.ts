import type { PartialOrderDetail } from '@dastak/core/entities/partial-orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { partialOrderKeys } from './partial-order-keys';

/**
 * GET /orders/partial-order/{id}: one partial order, with what the channel captured (email,
 * pin, tests, notes) beyond the fields of spec §3. The create page reads it to convert it.
 */
export function getPartialOrder(id: number, signal?: AbortSignal): Promise<PartialOrderDetail> {
  return api.get('/orders/partial-order/:id/', { params: { id }, signal });
}

export const partialOrderQueryOptions = (id: number) =>
  queryOptions({
    queryKey: partialOrderKeys.detail(id),
    queryFn: ({ signal }) => getPartialOrder(id, signal),
  });

/** Disabled without an id (a create page that converts nothing). */
export function usePartialOrderQuery(id: number | null | undefined) {
  const valid = typeof id === 'number' && Number.isInteger(id) && id > 0;
  return useQuery({ ...partialOrderQueryOptions(valid ? id : 0), enabled: valid });
}
