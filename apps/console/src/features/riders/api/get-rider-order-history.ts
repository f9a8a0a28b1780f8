import type { Paged } from '@dastak/core/entities/common';
import type { OrderSummary } from '@dastak/core/entities/orders';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { nextPageParam } from '../../../lib/next-page';
import { riderKeys } from './rider-keys';

export type RiderOrderHistoryPage = Paged<OrderSummary>;

export function getRiderOrderHistory(
  riderId: number,
  page: number,
  signal?: AbortSignal,
): Promise<RiderOrderHistoryPage> {
  return api.get('/orders/history/rider/', { query: { riderId, page }, signal });
}

export const riderOrderHistoryQueryOptions = (riderId: number) =>
  infiniteQueryOptions({
    queryKey: riderKeys.orderHistory(riderId),
    queryFn: ({ pageParam, signal }) => getRiderOrderHistory(riderId, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });

export function useRiderOrderHistoryQuery(riderId: number) {
  return useInfiniteQuery(riderOrderHistoryQueryOptions(riderId));
}
