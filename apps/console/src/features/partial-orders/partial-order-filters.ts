import { orderFiltersFromQuery, orderFiltersToQuery } from '@dastak/core/rules/order-filters';
import type { PartialOrderFilters } from './api/get-partial-orders';

/**
 * The Partial Orders filters in the page query string (spec §2.4), with the same keys as the
 * order lists: search, pickupFrom, pickupTo, sorting.
 */
export function partialOrderFiltersFromQuery(params: URLSearchParams): PartialOrderFilters {
  const f = orderFiltersFromQuery(params);
  return { search: f.search, pickupFrom: f.pickupFrom, pickupTo: f.pickupTo, sorting: f.sorting };
}

export const partialOrderFiltersToQuery = (f: PartialOrderFilters) => orderFiltersToQuery(f);

/** Panel filters set, for the filter button's badge. */
export const activePartialOrderFilterCount = (f: PartialOrderFilters) =>
  (f.pickupFrom ? 1 : 0) + (f.pickupTo ? 1 : 0);

/** Where a partial order is finished: the blood create page with its id (spec §2.1). */
export const partialOrderCreatePath = (id: number) => `/blood/orders/create/${id}`;

/** 'NEW' -> 'New'. */
export const partialOrderStateLabel = (state: string) =>
  state.charAt(0) + state.slice(1).toLowerCase();
