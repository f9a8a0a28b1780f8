import { PAGE_SIZE_MAX } from '@dastak/core/constants';
import type { Paged } from '@dastak/core/entities/common';
import type { Hotspot } from '@dastak/core/entities/locations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { shiftKeys } from './shift-keys';

/** GET /location/hotspots/?region=: where the shift's riders may start from. */
export function getRegionHotspots(region: number, signal?: AbortSignal): Promise<Paged<Hotspot>> {
  return api.get('/location/hotspots/', { query: { region, pageSize: PAGE_SIZE_MAX }, signal });
}

export const regionHotspotsQueryOptions = (region: number) =>
  queryOptions({
    queryKey: shiftKeys.regionHotspots(region),
    queryFn: ({ signal }) => getRegionHotspots(region, signal),
    staleTime: 10 * 60_000,
  });

export function useRegionHotspotsQuery(region: number | undefined) {
  return useQuery({ ...regionHotspotsQueryOptions(region ?? 0), enabled: region !== undefined });
}
