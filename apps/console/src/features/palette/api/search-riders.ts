import type { RiderSummary } from '@dastak/core/entities/riders';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { paletteKeys } from './palette-keys';

/** GET /entity/rider-search/?search: active riders by name or phone, capped by the server. */
export function searchRiders(search: string, signal?: AbortSignal): Promise<RiderSummary[]> {
  return api.get('/entity/rider-search/', { query: { search }, signal });
}

export const paletteRidersQueryOptions = (term: string) =>
  queryOptions({
    queryKey: paletteKeys.riders(term),
    queryFn: ({ signal }) => searchRiders(term, signal),
    staleTime: 30_000,
  });

/** `enabled` is false when the user may not see riders or the term is no person's. */
export function usePaletteRidersQuery(term: string, enabled: boolean) {
  return useQuery({
    ...paletteRidersQueryOptions(term),
    enabled,
    placeholderData: keepPreviousData,
  });
}
