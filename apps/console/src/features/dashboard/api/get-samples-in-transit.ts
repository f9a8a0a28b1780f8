import { DASHBOARD_LATENESS_REFETCH_MS } from '@dastak/core/constants';
import type { SampleInTransit } from '@dastak/core/entities/dashboard';
import type { Vertical } from '@dastak/core/states';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useFallbackPollInterval } from '../live/live-status';
import { dashboardKeys } from './dashboard-keys';

/**
 * GET /orders/{vertical}/samples-in-transit/: the region's collected samples on their way to a
 * centre, soonest to expire first, each with the route model's verdict (ADR 0048).
 */
export function getSamplesInTransit(
  vertical: Vertical,
  regionId: number,
  signal?: AbortSignal,
): Promise<SampleInTransit[]> {
  return api.get('/orders/:vertical/samples-in-transit/', {
    params: { vertical },
    query: { regions: [regionId] },
    signal,
  });
}

export const samplesInTransitQueryOptions = (vertical: Vertical, regionId: number) =>
  queryOptions({
    queryKey: dashboardKeys.samplesInTransit(vertical, regionId),
    queryFn: ({ signal }) => getSamplesInTransit(vertical, regionId, signal),
  });

/**
 * Collecting and delivering come down the stream; a sample falling at risk as its rider moves
 * does not, so the list refetches as the late and at-risk lists do.
 */
export function useSamplesInTransitQuery(vertical: Vertical, regionId: number) {
  return useQuery({
    ...samplesInTransitQueryOptions(vertical, regionId),
    refetchInterval: useFallbackPollInterval() || DASHBOARD_LATENESS_REFETCH_MS,
  });
}
