import type { PartialOrderPage } from '@dastak/core/entities/partial-orders';
import { type OrderFilterSet, orderFiltersToApiParams } from '@dastak/core/rules/order-filters';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { partialOrderKeys } from './partial-order-keys';

/** What the Partial Orders list filters by (spec §2.4): search, the pickup window, sorting. */
export type PartialOrderFilters = Pick<
  OrderFilterSet,
  'search' | 'pickupFrom' | 'pickupTo' | 'sorting'
>;

/** search, pickup_from, pickup_to (ISO) and ordering, shaped as every order list sends them. */
export const partialOrdersParams = (filters: PartialOrderFilters): Record<string, string> =>
  orderFiltersToApiParams(filters, 'blood');

/** The page number in the next link (spec §7: paging follows it); none, no more pages. */
function nextPage(page: PartialOrderPage): number | undefined {
  if (!page.next) return undefined;
  const value = new URL(page.next, 'http://next.invalid').searchParams.get('page');
  return value && /^\d+$/.test(value) ? Number(value) : undefined;
}

/** GET /orders/partial-order/: open partial orders, a page at a time. */
export function getPartialOrders(
  params: Record<string, string>,
  page: number,
  signal?: AbortSignal,
): Promise<PartialOrderPage> {
  return api.get('/orders/partial-order/', { query: { ...params, page }, signal });
}

export const partialOrdersQueryOptions = (filters: PartialOrderFilters) => {
  const params = partialOrdersParams(filters);
  return infiniteQueryOptions({
    queryKey: partialOrderKeys.list(params),
    queryFn: ({ pageParam, signal }) => getPartialOrders(params, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
};

export function usePartialOrdersQuery(filters: PartialOrderFilters) {
  return useInfiniteQuery(partialOrdersQueryOptions(filters));
}
