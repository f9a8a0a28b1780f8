import type { Session } from '@dastak/core/entities/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /auth/sessions/: the caller's signed-in sessions, most recently seen first (ADR 0053). */
export function getSessions(signal?: AbortSignal): Promise<Session[]> {
  return api.get('/auth/sessions/', { signal });
}

export const sessionsQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'sessions'], queryFn: ({ signal }) => getSessions(signal) });

export function useSessionsQuery() {
  return useQuery(sessionsQueryOptions());
}
