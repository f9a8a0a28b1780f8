import type { OnTimeRate } from '@dastak/core/entities/lookups';
import type { Vertical } from '@dastak/core/states';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useFallbackPollInterval } from '../live/live-status';
import { dashboardKeys } from './dashboard-keys';

/**
 * GET /stats/daily-order-stats/?date&region: the on-time rate per day from `date` (six days
 * back) to today (spec §7, §9). The region fixes the vertical; the key carries it for scoping.
 */
export function getDailyOrderStats(
  regionId: number,
  fromDate: string,
  signal?: AbortSignal,
): Promise<OnTimeRate[]> {
  return api.get('/stats/daily-order-stats/', {
    query: { date: fromDate, region: regionId },
    signal,
  });
}

export const dailyOrderStatsQueryOptions = (
  vertical: Vertical,
  regionId: number,
  fromDate: string,
) =>
  queryOptions({
    queryKey: [...dashboardKeys.dailyStats(vertical, regionId), fromDate] as const,
    queryFn: ({ signal }) => getDailyOrderStats(regionId, fromDate, signal),
  });

export function useDailyOrderStatsQuery(vertical: Vertical, regionId: number, fromDate: string) {
  return useQuery({
    ...dailyOrderStatsQueryOptions(vertical, regionId, fromDate),
    refetchInterval: useFallbackPollInterval(),
  });
}
