import type { OrderListItem } from '@dastak/core/entities/orders';
import type { Vertical } from '@dastak/core/states';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getOrders } from '../../orders/public';
import { paletteKeys } from './palette-keys';

const PAGE_SIZE = '5';

// The orders list call (GET /orders/{vertical}/?search=) without its default day window: an
// order number is looked up across all days, newest first, one short page.
export const paletteOrdersQueryOptions = (vertical: Vertical, term: string) =>
  queryOptions({
    queryKey: paletteKeys.orders(vertical, term),
    queryFn: async ({ signal }): Promise<OrderListItem[]> =>
      (
        await getOrders(
          vertical,
          { search: term, ordering: '-created', page_size: PAGE_SIZE },
          1,
          signal,
        )
      ).results,
    staleTime: 30_000,
  });

/** `enabled` is false when the term is not an order number or the user may not see orders. */
export function usePaletteOrdersQuery(vertical: Vertical, term: string, enabled: boolean) {
  return useQuery({
    ...paletteOrdersQueryOptions(vertical, term),
    enabled,
    placeholderData: keepPreviousData,
  });
}
