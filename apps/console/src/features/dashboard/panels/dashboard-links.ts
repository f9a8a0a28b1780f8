import type { Region } from '@dastak/core/entities/locations';
import { parseKarachi } from '@dastak/core/rules/karachi-time';
import {
  emptyOrderFilters,
  orderFiltersToQuery,
  zeroSeconds,
} from '@dastak/core/rules/order-filters';
import type { Vertical } from '@dastak/core/states';
import { emptyRiderFilters, riderFiltersToQuery } from '../../riders/public';
import type { PickupWindow } from './dashboard-today';

/**
 * Where the panels' counts lead: the list that shows the orders or riders a count counted, i.e.
 * the same region and (for orders) today's pickup window, in each list's own query-string form.
 */
function todayOrderFilters(region: Region, window: PickupWindow) {
  const to = parseKarachi(window.pickupTo);
  return {
    ...emptyOrderFilters(),
    regions: [region.id],
    pickupFrom: parseKarachi(window.pickupFrom),
    // Pickup-to is kept to the minute, as the lists' own links carry it (spec §5).
    pickupTo: to && zeroSeconds(to),
    sorting: 'pickup' as const,
  };
}

/** Escalated: the vertical's orders list filtered to state problem (spec §2.5). */
export function escalatedOrdersHref(vertical: Vertical, region: Region, window: PickupWindow) {
  const query = orderFiltersToQuery({ ...todayOrderFilters(region, window), states: ['problem'] });
  return `/${vertical}/orders?${query}`;
}

/**
 * Unverified: the vertical's unverified orders list with the count's region and window, so its
 * heading reads the panel's figure (the count is `GET /stats/{vertical}/orders/`'s unverified).
 */
export function unverifiedOrdersHref(vertical: Vertical, region: Region, window: PickupWindow) {
  const query = orderFiltersToQuery(todayOrderFilters(region, window));
  return `/unverified-orders?${vertical === 'blood' ? '' : `vertical=${vertical}&`}${query}`;
}

/** View all: the riders list of the region. */
export function regionRidersHref(region: Region) {
  return `/riders?${riderFiltersToQuery({ ...emptyRiderFilters(), regions: [region.id] })}`;
}

export const riderDetailHref = (id: number) => `/riders/detail/${id}`;
