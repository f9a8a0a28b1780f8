import type { Paged } from '@dastak/core/entities/common';
import type { OrderListPage } from '@dastak/core/entities/order-queries';
import type { Vertical } from '@dastak/core/states';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { orderKeys } from './order-keys';

/**
 * A page of an orders list. Past a cap the server stops counting (a million-row count would cost
 * more than the page): then `count` is the cap and `countIsCapped` is true.
 */
export type OrderPage = OrderListPage;

/** Paging follows the next link's page parameter (spec §7); no link, no more pages. */
export function nextOrderPage(page: Paged<unknown>): number | undefined {
  if (!page.next) return undefined;
  const value = new URL(page.next, 'http://next.invalid').searchParams.get('page');
  return value && /^\d+$/.test(value) ? Number(value) : undefined;
}

/**
 * GET /orders/{vertical}/ with the filter set already shaped as the request wants it: snake_case
 * keys, comma-joined lists, ISO times, ordering (spec §5; see orderFiltersToApiParams).
 */
export function getOrders(
  vertical: Vertical,
  params: Record<string, string>,
  page: number,
  signal?: AbortSignal,
): Promise<OrderPage> {
  return api.get('/orders/:vertical/', {
    params: { vertical },
    query: { ...params, page },
    signal,
  });
}

export const ordersQueryOptions = (vertical: Vertical, params: Record<string, string>) =>
  infiniteQueryOptions({
    queryKey: orderKeys.list(vertical, params),
    queryFn: ({ pageParam, signal }) => getOrders(vertical, params, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextOrderPage,
  });

export function useOrdersQuery(vertical: Vertical, params: Record<string, string>) {
  return useInfiniteQuery(ordersQueryOptions(vertical, params));
}
