import type { RiderSummary } from '@dastak/core/entities/riders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { attendanceKeys } from './attendance-keys';

/** GET /entity/riders-np/?regions=: every rider of the region, for the rider select. */
export function getRegionRiders(region: number, signal?: AbortSignal): Promise<RiderSummary[]> {
  return api.get('/entity/riders-np/', { query: { regions: region }, signal });
}

export const regionRidersQueryOptions = (region: number) =>
  queryOptions({
    queryKey: attendanceKeys.riders(region),
    queryFn: ({ signal }) => getRegionRiders(region, signal),
    staleTime: 5 * 60_000,
  });

export function useRegionRidersQuery(region: number | null) {
  return useQuery({ ...regionRidersQueryOptions(region ?? 0), enabled: region !== null });
}
