import type { StaffUser } from '@dastak/core/entities/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

/** GET /entity/staff-np/: every staff user, for the 'created by' select. */
export function getStaffOptions(signal?: AbortSignal): Promise<StaffUser[]> {
  return api.get('/entity/staff-np/', { signal });
}

export const staffOptionsQueryOptions = () =>
  queryOptions({
    queryKey: ['orders', 'filter-options', 'staff'],
    queryFn: ({ signal }) => getStaffOptions(signal),
    staleTime: 10 * 60_000,
  });

export function useStaffOptionsQuery(enabled: boolean) {
  return useQuery({ ...staffOptionsQueryOptions(), enabled });
}
