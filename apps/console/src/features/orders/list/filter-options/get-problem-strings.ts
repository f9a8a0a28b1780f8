import type { Vertical } from '@dastak/core/states';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

/** GET /orders/problem-strings/?vertical: the common and this vertical's problem reasons. */
export function getProblemStrings(vertical: Vertical, signal?: AbortSignal) {
  return api.get('/orders/problem-strings/', { query: { vertical }, signal });
}

export const problemStringsQueryOptions = (vertical: Vertical) =>
  queryOptions({
    queryKey: ['orders', 'filter-options', 'problem-strings', vertical],
    queryFn: ({ signal }) => getProblemStrings(vertical, signal),
    staleTime: 10 * 60_000,
  });

export function useProblemStringsQuery(vertical: Vertical, enabled: boolean) {
  return useQuery({ ...problemStringsQueryOptions(vertical), enabled });
}
