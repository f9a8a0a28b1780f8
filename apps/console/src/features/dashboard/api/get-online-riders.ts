import type { RiderSummary } from '@dastak/core/entities/riders';
import type { Vertical } from '@dastak/core/states';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { dashboardKeys } from './dashboard-keys';

/** GET /entity/online-riders/?regions: the online riders of the regions (spec §7). */
export function getOnlineRiders(
  regionIds: readonly number[],
  signal?: AbortSignal,
): Promise<RiderSummary[]> {
  return api.get('/entity/online-riders/', { query: { regions: regionIds }, signal });
}

/** The online riders of a region (map markers; the side panel's Riders tab reads the same). */
export function useRegionRidersQuery(
  vertical: Vertical,
  regionId: number,
  refetchInterval: number | false = false,
  enabled = true,
) {
  return useQuery({
    queryKey: dashboardKeys.riders(vertical, regionId),
    queryFn: ({ signal }) => getOnlineRiders([regionId], signal),
    refetchInterval,
    enabled,
  });
}

/** The online riders of a city: every region of the city, asked in one call. */
export function useCityRidersQuery(
  vertical: Vertical,
  cityId: number,
  regionIds: readonly number[],
  refetchInterval: number | false,
) {
  return useQuery({
    queryKey: dashboardKeys.cityRiders(vertical, cityId),
    queryFn: ({ signal }) => getOnlineRiders(regionIds, signal),
    enabled: regionIds.length > 0,
    refetchInterval,
  });
}
