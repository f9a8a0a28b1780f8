import type { Paged } from '@dastak/core/entities/common';
import type { OrderActivity } from '@dastak/core/entities/orders';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { orderKeys } from './order-keys';

export type OrderActivitiesPage = Paged<OrderActivity>;

/** GET /activity/?order: the order's log, newest first, paged. */
export function getOrderActivities(
  orderId: number,
  page: number,
  signal?: AbortSignal,
): Promise<OrderActivitiesPage> {
  return api.get('/activity/', { query: { order: orderId, page }, signal });
}

/** Paging follows the next link's page parameter (spec §7); no link, no more pages. */
function nextPage(page: OrderActivitiesPage): number | undefined {
  if (!page.next) return undefined;
  const value = new URL(page.next, 'http://next.invalid').searchParams.get('page');
  return value && /^\d+$/.test(value) ? Number(value) : undefined;
}

export const orderActivitiesQueryOptions = (orderId: number) =>
  infiniteQueryOptions({
    queryKey: orderKeys.activities(orderId),
    queryFn: ({ pageParam, signal }) => getOrderActivities(orderId, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });

export function useOrderActivitiesQuery(orderId: number) {
  return useInfiniteQuery(orderActivitiesQueryOptions(orderId));
}
