import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /orders/partial-order/{id}: the order begun elsewhere that this page finishes. */
export const getPartialOrder = (id: number, signal?: AbortSignal) =>
  api.get('/orders/partial-order/:id/', { params: { id }, signal });

export function usePartialOrderQuery(id: number | null) {
  return useQuery({
    queryKey: ['orders', 'partial-order', id ?? 0] as const,
    queryFn: ({ signal }) => getPartialOrder(id ?? 0, signal),
    enabled: id !== null,
  });
}
