import { DASHBOARD_LATENESS_REFETCH_MS } from '@dastak/core/constants';
import type { AtRiskOrder } from '@dastak/core/entities/dashboard';
import type { Vertical } from '@dastak/core/states';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useFallbackPollInterval } from '../live/live-status';
import type { PickupWindow } from '../panels/dashboard-today';
import { dashboardKeys } from './dashboard-keys';

/**
 * GET /orders/{vertical}/at-risk-orders/: today's orders the route model says will be late,
 * before they are (beyond the spec; docs/decisions/0025).
 */
export function getAtRiskOrders(
  vertical: Vertical,
  regionId: number,
  window: PickupWindow,
  signal?: AbortSignal,
): Promise<AtRiskOrder[]> {
  return api.get('/orders/:vertical/at-risk-orders/', {
    params: { vertical },
    query: { pickupFrom: window.pickupFrom, pickupTo: window.pickupTo, regions: [regionId] },
    signal,
  });
}

export const atRiskOrdersQueryOptions = (
  vertical: Vertical,
  regionId: number,
  window: PickupWindow,
) =>
  queryOptions({
    queryKey: [...dashboardKeys.atRisk(vertical, regionId), window.pickupFrom] as const,
    queryFn: ({ signal }) => getAtRiskOrders(vertical, regionId, window, signal),
  });

export function useAtRiskOrdersQuery(vertical: Vertical, regionId: number, window: PickupWindow) {
  return useQuery({
    ...atRiskOrdersQueryOptions(vertical, regionId, window),
    refetchInterval: useFallbackPollInterval() || DASHBOARD_LATENESS_REFETCH_MS,
  });
}
