import type { RiderStats } from '@dastak/core/entities/riders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useFallbackPollInterval } from '../live/live-status';
import { dashboardKeys } from './dashboard-keys';

/** GET /stats/rider/?region_id: riders of a shift in progress, available and busy. */
export function getRiderStats(regionId: number, signal?: AbortSignal): Promise<RiderStats> {
  return api.get('/stats/rider/', { query: { regionId }, signal });
}

export const riderStatsQueryOptions = (regionId: number) =>
  queryOptions({
    queryKey: dashboardKeys.riderStats(regionId),
    queryFn: ({ signal }) => getRiderStats(regionId, signal),
  });

export function useRiderStatsQuery(regionId: number) {
  return useQuery({
    ...riderStatsQueryOptions(regionId),
    refetchInterval: useFallbackPollInterval(),
  });
}
