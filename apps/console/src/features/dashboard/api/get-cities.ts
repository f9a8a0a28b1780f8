import { PAGE_SIZE_MAX } from '@dastak/core/constants';
import type { Paged } from '@dastak/core/entities/common';
import type { City } from '@dastak/core/entities/locations';
import type { Vertical } from '@dastak/core/states';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /location/cities/?vertical: the city dashboard's selector. */
export function getCities(vertical: Vertical, signal?: AbortSignal): Promise<Paged<City>> {
  return api.get('/location/cities/', { query: { vertical, pageSize: PAGE_SIZE_MAX }, signal });
}

export function useDashboardCitiesQuery(vertical: Vertical) {
  return useQuery({
    queryKey: ['locations', 'cities', vertical],
    queryFn: ({ signal }) => getCities(vertical, signal),
    staleTime: 10 * 60_000,
  });
}
