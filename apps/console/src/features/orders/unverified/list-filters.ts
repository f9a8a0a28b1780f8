import { orderFiltersFromQuery, orderFiltersToQuery } from '@dastak/core/rules/order-filters';
import type { UnverifiedOrderFilters } from '../api/get-unverified-orders';

/** The unverified list's part of the order filter set, read from the page query string. */
export function unverifiedFiltersFromQuery(params: URLSearchParams): UnverifiedOrderFilters {
  const f = orderFiltersFromQuery(params);
  return {
    search: f.search,
    regions: f.regions,
    prevSelectedRegions: f.prevSelectedRegions,
    allRegions: f.allRegions,
    pickupFrom: f.pickupFrom,
    pickupTo: f.pickupTo,
    sorting: f.sorting,
  };
}

export const unverifiedFiltersToQuery = (f: UnverifiedOrderFilters) => orderFiltersToQuery(f);

/** Panel filters set (regions, pickup from, pickup to), for the filter button's badge. */
export const activeUnverifiedFilterCount = (f: UnverifiedOrderFilters) =>
  (f.regions.length ? 1 : 0) + (f.pickupFrom ? 1 : 0) + (f.pickupTo ? 1 : 0);
