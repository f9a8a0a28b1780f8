import type { OrderStats } from '@dastak/core/entities/lookups';
import type { Vertical } from '@dastak/core/states';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useFallbackPollInterval } from '../live/live-status';
import type { PickupWindow } from '../panels/dashboard-today';
import { dashboardKeys } from './dashboard-keys';

/** GET /stats/{vertical}/orders/: today's counts of the region (spec §7). */
export function getOrderStats(
  vertical: Vertical,
  regionId: number,
  window: PickupWindow,
  signal?: AbortSignal,
): Promise<OrderStats> {
  return api.get('/stats/:vertical/orders/', {
    params: { vertical },
    query: { pickupFrom: window.pickupFrom, pickupTo: window.pickupTo, regionId },
    signal,
  });
}

export const orderStatsQueryOptions = (
  vertical: Vertical,
  regionId: number,
  window: PickupWindow,
) =>
  queryOptions({
    // The day sits under the region's key, so invalidating the region's stats reaches it.
    queryKey: [...dashboardKeys.orderStats(vertical, regionId), window.pickupFrom] as const,
    queryFn: ({ signal }) => getOrderStats(vertical, regionId, window, signal),
  });

export function useOrderStatsQuery(vertical: Vertical, regionId: number, window: PickupWindow) {
  return useQuery({
    ...orderStatsQueryOptions(vertical, regionId, window),
    refetchInterval: useFallbackPollInterval(),
  });
}
