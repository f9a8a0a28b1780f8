import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { SessionUser } from '../../../lib/session-user';

export function getMe(signal?: AbortSignal): Promise<SessionUser> {
  return api.get('/auth/me/', { signal });
}

/** Keyed by user id so one user's answer can never be read back for the next user to log in. */
export const meQueryOptions = (userId: number) =>
  queryOptions({ queryKey: ['auth', 'me', userId], queryFn: ({ signal }) => getMe(signal) });

export function useMeQuery(userId: number | undefined) {
  return useQuery({ ...meQueryOptions(userId ?? 0), enabled: userId !== undefined });
}
