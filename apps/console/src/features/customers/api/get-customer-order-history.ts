import type { Paged } from '@dastak/core/entities/common';
import type { OrderSummary } from '@dastak/core/entities/orders';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { nextPageParam } from '../../../lib/next-page';
import { customerKeys } from './customer-keys';

export type CustomerOrder = OrderSummary & { created: string };

/** GET /orders/history/customer/: every order of the customer, newest first, paged. */
export function getCustomerOrderHistory(
  customer: number,
  page: number,
  signal?: AbortSignal,
): Promise<Paged<CustomerOrder>> {
  return api.get('/orders/history/customer/', { query: { customer, page }, signal });
}

export function useCustomerOrderHistoryQuery(customer: number) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: customerKeys.orderHistory(customer),
      queryFn: ({ pageParam, signal }) => getCustomerOrderHistory(customer, pageParam, signal),
      initialPageParam: 1,
      getNextPageParam: nextPageParam,
    }),
  );
}
