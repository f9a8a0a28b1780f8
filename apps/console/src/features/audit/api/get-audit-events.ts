import type { AuditEvent } from '@dastak/core/entities/audit';
import type { Paged } from '@dastak/core/entities/common';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { nextPageParam } from '../../../lib/next-page';
import type { AuditFilterSet } from '../audit-filters';

export const auditKeys = {
  all: ['audit-events'] as const,
  list: (filters: AuditFilterSet) => [...auditKeys.all, 'list', filters] as const,
};

/** GET /audit-events/: newest first, the filters as the server names them. */
export function getAuditEvents(
  filters: AuditFilterSet,
  page: number,
  signal?: AbortSignal,
): Promise<Paged<AuditEvent>> {
  return api.get('/audit-events/', {
    query: {
      actor: filters.actor ?? undefined,
      action: filters.action ?? undefined,
      type: filters.type ?? undefined,
      entityType: filters.entityType ?? undefined,
      entityId: filters.entityId || undefined,
      dateFrom: filters.dateFrom || undefined,
      dateTo: filters.dateTo || undefined,
      page,
    },
    signal,
  });
}

/** One infinite query per filter set: Load More appends, a new filter set replaces the list. */
export const auditEventsQueryOptions = (filters: AuditFilterSet) =>
  infiniteQueryOptions({
    queryKey: auditKeys.list(filters),
    queryFn: ({ pageParam, signal }) => getAuditEvents(filters, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });

export function useAuditEventsQuery(filters: AuditFilterSet) {
  return useInfiniteQuery(auditEventsQueryOptions(filters));
}
