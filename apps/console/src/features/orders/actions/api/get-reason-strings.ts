import type { ReferenceItem } from '@dastak/core/entities/lookups';
import type { Vertical } from '@dastak/core/states';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

/** The reason lists the action dialogs offer (spec §7 Lookups). */
const REASON_PATHS = {
  cancellation: '/orders/cancellation-strings/',
  reassignment: '/orders/reassignment-strings/',
  reschedule: '/orders/reschedule-strings/',
} as const;
export type ReasonKind = keyof typeof REASON_PATHS;

/** GET /orders/{cancellation,reassignment,reschedule}-strings/?vertical */
export function getReasonStrings(
  kind: ReasonKind,
  vertical: Vertical,
  signal?: AbortSignal,
): Promise<ReferenceItem[]> {
  return api.get(REASON_PATHS[kind], { query: { vertical }, signal });
}

// Reference lists change rarely; one read per session is plenty.
export const reasonStringsQueryOptions = (kind: ReasonKind, vertical: Vertical) =>
  queryOptions({
    queryKey: ['lookups', kind, vertical] as const,
    queryFn: ({ signal }) => getReasonStrings(kind, vertical, signal),
    staleTime: 10 * 60_000,
  });

export function useReasonStringsQuery(kind: ReasonKind, vertical: Vertical) {
  return useQuery(reasonStringsQueryOptions(kind, vertical));
}
