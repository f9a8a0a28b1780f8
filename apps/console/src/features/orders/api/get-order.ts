import type { Order } from '@dastak/core/entities/orders';
import type { Vertical } from '@dastak/core/states';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { orderKeys } from './order-keys';

/** GET /orders/{vertical}/{id}/: the whole order as the detail page and the action dialogs read it. */
export function getOrder(vertical: Vertical, id: number, signal?: AbortSignal): Promise<Order> {
  return api.get('/orders/:vertical/:id/', { params: { vertical, id }, signal });
}

export const orderQueryOptions = (vertical: Vertical, id: number) =>
  queryOptions({
    queryKey: orderKeys.detail(vertical, id),
    queryFn: ({ signal }) => getOrder(vertical, id, signal),
  });

export function useOrderQuery(vertical: Vertical, id: number) {
  return useQuery({ ...orderQueryOptions(vertical, id), enabled: Number.isInteger(id) && id > 0 });
}
