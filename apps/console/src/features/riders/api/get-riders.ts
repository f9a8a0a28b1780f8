import type { Paged } from '@dastak/core/entities/common';
import type { Rider } from '@dastak/core/entities/riders';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { nextPageParam } from '../../../lib/next-page';
import type { RiderFilterSet } from '../rider-filters';
import { riderKeys } from './rider-keys';

export type RiderPage = Paged<Rider>;

/** GET /entity/riders/: lists are sent comma-joined, toggles as 'true'/'false' (spec §5). */
export function getRiders(
  filters: RiderFilterSet,
  page: number,
  signal?: AbortSignal,
): Promise<RiderPage> {
  return api.get('/entity/riders/', {
    query: {
      search: filters.search.trim(),
      regions: filters.regions.length ? filters.regions : undefined,
      isOnline: filters.isOnline,
      isCovid: filters.isCovid,
      isWildcard: filters.isWildcard,
      states: filters.states.length ? filters.states : undefined,
      ordering: filters.ordering,
      page,
    },
    signal,
  });
}

export const ridersQueryOptions = (filters: RiderFilterSet) =>
  infiniteQueryOptions({
    queryKey: riderKeys.list(filters),
    queryFn: ({ pageParam, signal }) => getRiders(filters, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });

export function useRidersQuery(filters: RiderFilterSet) {
  return useInfiniteQuery(ridersQueryOptions(filters));
}
