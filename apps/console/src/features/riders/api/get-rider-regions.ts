import { PAGE_SIZE_MAX } from '@dastak/core/constants';
import type { Paged } from '@dastak/core/entities/common';
import type { Region } from '@dastak/core/entities/locations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { riderKeys } from './rider-keys';

/**
 * GET /location/regions/ across both verticals: riders of every region share one list, and the
 * create dialog may put a rider in any region. One page of 100 covers every region there is.
 */
export function getRiderRegions(signal?: AbortSignal): Promise<Paged<Region>> {
  return api.get('/location/regions/', { query: { pageSize: PAGE_SIZE_MAX }, signal });
}

export const riderRegionsQueryOptions = () =>
  queryOptions({
    queryKey: riderKeys.regions(),
    queryFn: ({ signal }) => getRiderRegions(signal),
    staleTime: 10 * 60_000,
  });

export function useRiderRegionsQuery() {
  return useQuery(riderRegionsQueryOptions());
}
