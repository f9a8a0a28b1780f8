import { PAGE_SIZE_MAX } from '@dastak/core/constants';
import type { Paged } from '@dastak/core/entities/common';
import type { CollectionCenter } from '@dastak/core/entities/locations';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /location/collection-centers/?region: where blood riders deliver (blood map only). */
export function getCollectionCenters(
  regionId: number,
  signal?: AbortSignal,
): Promise<Paged<CollectionCenter>> {
  return api.get('/location/collection-centers/', {
    query: { region: regionId, pageSize: PAGE_SIZE_MAX },
    signal,
  });
}

export function useCollectionCentersQuery(regionId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['locations', 'collection-centers', regionId],
    queryFn: ({ signal }) => getCollectionCenters(regionId, signal),
    enabled,
    // Centers are reference data: they do not move during a shift.
    staleTime: 10 * 60_000,
  });
}
