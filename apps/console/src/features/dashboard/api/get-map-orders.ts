import type { OrderMapItem } from '@dastak/core/entities/orders';
import { DASHBOARD_ORDER_STATES, type Vertical } from '@dastak/core/states';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { PickupWindow } from '../panels/dashboard-today';
import { dashboardKeys } from './dashboard-keys';

/** GET /orders/{vertical}/dashboard/: today's assigned, reached and collected orders (spec §4). */
export function getMapOrders(
  vertical: Vertical,
  regionId: number,
  window: PickupWindow,
  signal?: AbortSignal,
): Promise<OrderMapItem[]> {
  return api.get('/orders/:vertical/dashboard/', {
    params: { vertical },
    query: { regions: [regionId], states: DASHBOARD_ORDER_STATES, ...window },
    signal,
  });
}

export function useMapOrdersQuery(
  vertical: Vertical,
  regionId: number,
  window: PickupWindow,
  refetchInterval: number | false,
  enabled = true,
) {
  return useQuery({
    ...queryOptions({
      // The day goes after the shared prefix: the stream's invalidations address the region's
      // orders whatever the day, and Karachi midnight starts a new entry.
      queryKey: [...dashboardKeys.mapOrders(vertical, regionId), window.pickupFrom],
      queryFn: ({ signal }) => getMapOrders(vertical, regionId, window, signal),
    }),
    refetchInterval,
    enabled,
  });
}
