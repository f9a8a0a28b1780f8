import type { StaffAccount } from '@dastak/core/entities/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const staffAccountKeys = { all: ['users', 'staff'] as const };

/** GET /users/staff/: every staff account, active or not ('Can manage staff'). */
export function getStaffAccounts(signal?: AbortSignal): Promise<StaffAccount[]> {
  return api.get('/users/staff/', { signal });
}

export const staffAccountsQueryOptions = () =>
  queryOptions({
    queryKey: staffAccountKeys.all,
    queryFn: ({ signal }) => getStaffAccounts(signal),
  });

export function useStaffAccountsQuery() {
  return useQuery(staffAccountsQueryOptions());
}
