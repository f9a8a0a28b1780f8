import type { RiderSummary } from '@dastak/core/entities/riders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

/** GET /entity/riders-np/?regions: every active rider of the chosen regions, for the rider select. */
export function getRiderOptions(regions: number[], signal?: AbortSignal): Promise<RiderSummary[]> {
  return api.get('/entity/riders-np/', {
    query: { regions: regions.length ? regions : undefined },
    signal,
  });
}

export const riderOptionsQueryOptions = (regions: number[]) =>
  queryOptions({
    queryKey: ['orders', 'filter-options', 'riders', [...regions].sort((a, b) => a - b)],
    queryFn: ({ signal }) => getRiderOptions(regions, signal),
    staleTime: 5 * 60_000,
  });

export function useRiderOptionsQuery(regions: number[], enabled: boolean) {
  return useQuery({ ...riderOptionsQueryOptions(regions), enabled });
}
