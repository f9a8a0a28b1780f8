import type { DashboardStats } from '@dastak/core/entities/lookups';
import type { Vertical } from '@dastak/core/states';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useFallbackPollInterval } from '../live/live-status';
import type { PickupWindow } from '../panels/dashboard-today';
import { dashboardKeys } from './dashboard-keys';

/**
 * GET /stats/{vertical}/dashboard/: today's on-time reached and collected percentages of the
 * region, the graph panel's table (docs/decisions/0025 keeps it apart from the order counts).
 */
export function getOnTimeStats(
  vertical: Vertical,
  regionId: number,
  window: PickupWindow,
  signal?: AbortSignal,
): Promise<DashboardStats> {
  return api.get('/stats/:vertical/dashboard/', {
    params: { vertical },
    query: { pickupFrom: window.pickupFrom, pickupTo: window.pickupTo, regionId },
    signal,
  });
}

export const onTimeStatsQueryOptions = (
  vertical: Vertical,
  regionId: number,
  window: PickupWindow,
) =>
  queryOptions({
    queryKey: [...dashboardKeys.onTime(vertical, regionId), window.pickupFrom] as const,
    queryFn: ({ signal }) => getOnTimeStats(vertical, regionId, window, signal),
  });

export function useOnTimeStatsQuery(vertical: Vertical, regionId: number, window: PickupWindow) {
  return useQuery({
    ...onTimeStatsQueryOptions(vertical, regionId, window),
    refetchInterval: useFallbackPollInterval(),
  });
}
