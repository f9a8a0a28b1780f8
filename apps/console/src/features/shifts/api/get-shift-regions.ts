import { PAGE_SIZE_MAX } from '@dastak/core/constants';
import type { Paged } from '@dastak/core/entities/common';
import type { Region } from '@dastak/core/entities/locations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { shiftKeys } from './shift-keys';

/** GET /location/regions/ across both verticals: a rider's shifts belong to the rider's region. */
export function getShiftRegions(signal?: AbortSignal): Promise<Paged<Region>> {
  return api.get('/location/regions/', { query: { pageSize: PAGE_SIZE_MAX }, signal });
}

export const shiftRegionsQueryOptions = () =>
  queryOptions({
    queryKey: shiftKeys.regions(),
    queryFn: ({ signal }) => getShiftRegions(signal),
    staleTime: 10 * 60_000,
  });

export function useShiftRegionsQuery() {
  return useQuery(shiftRegionsQueryOptions());
}
