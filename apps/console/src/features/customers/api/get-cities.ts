import { PAGE_SIZE_MAX } from '@dastak/core/constants';
import type { Paged } from '@dastak/core/entities/common';
import type { City } from '@dastak/core/entities/locations';
import type { Vertical } from '@dastak/core/states';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { customerKeys } from './customer-keys';

/** GET /location/cities/?vertical: each city carries the bounds its place search is held to. */
export function getCities(vertical: Vertical, signal?: AbortSignal): Promise<Paged<City>> {
  return api.get('/location/cities/', { query: { vertical, pageSize: PAGE_SIZE_MAX }, signal });
}

export const citiesQueryOptions = (vertical: Vertical) =>
  queryOptions({
    queryKey: customerKeys.cities(vertical),
    queryFn: ({ signal }) => getCities(vertical, signal),
    staleTime: 10 * 60_000,
  });

export function useCitiesQuery(vertical: Vertical, enabled = true) {
  return useQuery({ ...citiesQueryOptions(vertical), enabled });
}
