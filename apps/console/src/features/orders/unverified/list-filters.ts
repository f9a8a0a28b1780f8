import { orderFiltersFromQuery, orderFiltersToQuery } from '@dastak/core/rules/order-filters';
import { VERTICALS, type Vertical } from '@dastak/core/states';
import type { UnverifiedOrderFilters } from '../api/get-unverified-orders';

/** `?vertical=xray` picks the X-ray list; anything else (or nothing) is blood, the spec's list. */
export function unverifiedVerticalOf(params: URLSearchParams): Vertical {
  const value = params.get('vertical');
  return VERTICALS.find((v) => v === value) ?? 'blood';
}

/** The unverified list's part of the order filter set, read from the page query string. */
export function unverifiedFiltersFromQuery(params: URLSearchParams): UnverifiedOrderFilters {
  const f = orderFiltersFromQuery(params);
  return {
    vertical: unverifiedVerticalOf(params),
    search: f.search,
    regions: f.regions,
    prevSelectedRegions: f.prevSelectedRegions,
    allRegions: f.allRegions,
    pickupFrom: f.pickupFrom,
    pickupTo: f.pickupTo,
    sorting: f.sorting,
  };
}

/** The query string; blood, the default, leaves `vertical` out so its links stay as they were. */
export function unverifiedFiltersToQuery({ vertical, ...f }: UnverifiedOrderFilters): string {
  const rest = orderFiltersToQuery(f);
  if (vertical === 'blood') return rest;
  return rest ? `vertical=${vertical}&${rest}` : `vertical=${vertical}`;
}

/** The list of a vertical: its regions differ, so a region selection does not carry over. */
export const switchUnverifiedVertical = (
  f: UnverifiedOrderFilters,
  vertical: Vertical,
): UnverifiedOrderFilters => ({
  ...f,
  vertical,
  regions: [],
  prevSelectedRegions: [],
  allRegions: false,
});

/** Panel filters set (regions, pickup from, pickup to), for the filter button's badge. */
export const activeUnverifiedFilterCount = (f: UnverifiedOrderFilters) =>
  (f.regions.length ? 1 : 0) + (f.pickupFrom ? 1 : 0) + (f.pickupTo ? 1 : 0);
