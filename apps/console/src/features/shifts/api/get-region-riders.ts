import type { RiderSummary } from '@dastak/core/entities/riders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { shiftKeys } from './shift-keys';

/** GET /entity/riders-np/?regions=: every active rider of the shift's region, for the picker. */
export function getRegionRiders(region: number, signal?: AbortSignal): Promise<RiderSummary[]> {
  return api.get('/entity/riders-np/', { query: { regions: [region] }, signal });
}

export const regionRidersQueryOptions = (region: number) =>
  queryOptions({
    queryKey: shiftKeys.regionRiders(region),
    queryFn: ({ signal }) => getRegionRiders(region, signal),
  });

export function useRegionRidersQuery(region: number | undefined) {
  return useQuery({ ...regionRidersQueryOptions(region ?? 0), enabled: region !== undefined });
}
