import type { Paged } from '@dastak/core/entities/common';
import type { Region } from '@dastak/core/entities/locations';
import type { Vertical } from '@dastak/core/states';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type RegionList = Paged<Region>;

export function getRegions(vertical: Vertical, signal?: AbortSignal): Promise<RegionList> {
  return api.get('/location/regions/', { query: { vertical }, signal });
}

export const regionsQueryOptions = (vertical: Vertical) =>
  queryOptions({
    queryKey: ['locations', 'regions', vertical],
    queryFn: ({ signal }) => getRegions(vertical, signal),
    // Regions change rarely; a page load's worth of freshness is plenty.
    staleTime: 10 * 60_000,
  });

export function useRegionsQuery(vertical: Vertical, enabled = true) {
  return useQuery({ ...regionsQueryOptions(vertical), enabled });
}
