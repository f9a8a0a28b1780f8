import {
  isOrderState,
  ORDER_STATE_LABELS,
  type OrderState,
  type Vertical,
} from '@dastak/core/states';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { orderKeys } from './order-keys';

export type OrderStateOption = { value: OrderState; label: string };

/**
 * GET /orders/{vertical}/states/: state names with the first letter lowercased (spec §4), in the
 * server's order. Names this console does not know are left out rather than sent back unparsed.
 */
export async function getOrderStates(
  vertical: Vertical,
  signal?: AbortSignal,
): Promise<OrderStateOption[]> {
  const names = await api.get('/orders/:vertical/states/', { params: { vertical }, signal });
  return names.filter(isOrderState).map((value) => ({ value, label: ORDER_STATE_LABELS[value] }));
}

export const orderStatesQueryOptions = (vertical: Vertical) =>
  queryOptions({
    queryKey: orderKeys.states(vertical),
    queryFn: ({ signal }) => getOrderStates(vertical, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useOrderStatesQuery(vertical: Vertical, enabled = true) {
  return useQuery({ ...orderStatesQueryOptions(vertical), enabled });
}
