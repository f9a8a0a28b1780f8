import { type OrderFilterSet, orderFiltersToApiParams } from '@dastak/core/rules/order-filters';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { nextOrderPage, type OrderPage } from './get-orders';
import { orderKeys } from './order-keys';

/** What the unverified list filters by (spec §2.4): search, regions, the pickup window, sorting. */
export type UnverifiedOrderFilters = Pick<
  OrderFilterSet,
  | 'search'
  | 'regions'
  | 'prevSelectedRegions'
  | 'allRegions'
  | 'pickupFrom'
  | 'pickupTo'
  | 'sorting'
>;

/** The request parameters: the same shaping as the orders list, unverified orders being blood. */
export function unverifiedOrdersParams(filters: UnverifiedOrderFilters): Record<string, string> {
  return orderFiltersToApiParams(filters, 'blood');
}

/** GET /orders/blood/unverified/: search, regions, pickup_from, pickup_to, ordering, page. */
export function getUnverifiedOrders(
  params: Record<string, string>,
  page: number,
  signal?: AbortSignal,
): Promise<OrderPage> {
  return api.get<OrderPage>('/orders/blood/unverified/', { query: { ...params, page }, signal });
}

export const unverifiedOrdersQueryOptions = (filters: UnverifiedOrderFilters) => {
  const params = unverifiedOrdersParams(filters);
  return infiniteQueryOptions({
    queryKey: orderKeys.unverified(params),
    queryFn: ({ pageParam, signal }) => getUnverifiedOrders(params, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextOrderPage,
  });
};

export function useUnverifiedOrdersQuery(filters: UnverifiedOrderFilters) {
  return useInfiniteQuery(unverifiedOrdersQueryOptions(filters));
}
