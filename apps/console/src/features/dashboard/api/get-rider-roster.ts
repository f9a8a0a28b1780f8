import type { RiderSummary } from '@dastak/core/entities/riders';
import type { Vertical } from '@dastak/core/states';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useFallbackPollInterval } from '../live/live-status';
import { dashboardKeys } from './dashboard-keys';

/**
 * GET /entity/riders-np/?regions: every active rider of the region, online or not, on duty or
 * not, with state, flags, cell and completed count: the rider list panel's four groups.
 */
export function getRiderRoster(regionId: number, signal?: AbortSignal): Promise<RiderSummary[]> {
  return api.get('/entity/riders-np/', { query: { regions: [regionId] }, signal });
}

export const riderRosterQueryOptions = (vertical: Vertical, regionId: number) =>
  queryOptions({
    // Under the region's riders key: what refreshes the map's riders refreshes the roster too.
    queryKey: dashboardKeys.riderRoster(vertical, regionId),
    queryFn: ({ signal }) => getRiderRoster(regionId, signal),
  });

export function useRiderRosterQuery(vertical: Vertical, regionId: number) {
  return useQuery({
    ...riderRosterQueryOptions(vertical, regionId),
    refetchInterval: useFallbackPollInterval(),
  });
}
