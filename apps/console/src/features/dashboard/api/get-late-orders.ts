import { DASHBOARD_LATENESS_REFETCH_MS } from '@dastak/core/constants';
import type { LateOrder } from '@dastak/core/entities/lookups';
import type { Vertical } from '@dastak/core/states';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useFallbackPollInterval } from '../live/live-status';
import type { PickupWindow } from '../panels/dashboard-today';
import { dashboardKeys } from './dashboard-keys';

/** GET /orders/{vertical}/late-orders/: the region's late orders in the window (spec §7). */
export function getLateOrders(
  vertical: Vertical,
  regionId: number,
  window: PickupWindow,
  signal?: AbortSignal,
): Promise<LateOrder[]> {
  return api.get('/orders/:vertical/late-orders/', {
    params: { vertical },
    query: { pickupFrom: window.pickupFrom, pickupTo: window.pickupTo, regions: [regionId] },
    signal,
  });
}

export const lateOrdersQueryOptions = (
  vertical: Vertical,
  regionId: number,
  window: PickupWindow,
) =>
  queryOptions({
    queryKey: [
      ...dashboardKeys.lateOrders(vertical, regionId),
      window.pickupFrom,
      window.pickupTo,
    ] as const,
    queryFn: ({ signal }) => getLateOrders(vertical, regionId, window, signal),
  });

export function useLateOrdersQuery(vertical: Vertical, regionId: number, window: PickupWindow) {
  return useQuery({
    ...lateOrdersQueryOptions(vertical, regionId, window),
    refetchInterval: useFallbackPollInterval() || DASHBOARD_LATENESS_REFETCH_MS,
  });
}
