import { type OrderFilterSet, orderFiltersToApiParams } from '@dastak/core/rules/order-filters';
import type { Vertical } from '@dastak/core/states';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { nextOrderPage, type OrderPage } from './get-orders';
import { orderKeys } from './order-keys';

/**
 * What the unverified list filters by (spec §2.4): search, regions, the pickup window, sorting,
 * and the vertical whose unverified orders it lists (the X-ray dashboard counts them too).
 */
export type UnverifiedOrderFilters = Pick<
  OrderFilterSet,
  | 'search'
  | 'regions'
  | 'prevSelectedRegions'
  | 'allRegions'
  | 'pickupFrom'
  | 'pickupTo'
  | 'sorting'
> & { vertical: Vertical };

/** The request parameters: the same shaping as the orders list of that vertical. */
export function unverifiedOrdersParams(filters: UnverifiedOrderFilters): Record<string, string> {
  return orderFiltersToApiParams(filters, filters.vertical);
}

/** GET /orders/{vertical}/unverified/: search, regions, pickup_from, pickup_to, ordering, page. */
export function getUnverifiedOrders(
  vertical: Vertical,
  params: Record<string, string>,
  page: number,
  signal?: AbortSignal,
): Promise<OrderPage> {
  return api.get('/orders/:vertical/unverified/', {
    params: { vertical },
    query: { ...params, page },
    signal,
  });
}

export const unverifiedOrdersQueryOptions = (filters: UnverifiedOrderFilters) => {
  const { vertical } = filters;
  const params = unverifiedOrdersParams(filters);
  return infiniteQueryOptions({
    queryKey: orderKeys.unverified(vertical, params),
    queryFn: ({ pageParam, signal }) => getUnverifiedOrders(vertical, params, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextOrderPage,
  });
};

export function useUnverifiedOrdersQuery(filters: UnverifiedOrderFilters) {
  return useInfiniteQuery(unverifiedOrdersQueryOptions(filters));
}
