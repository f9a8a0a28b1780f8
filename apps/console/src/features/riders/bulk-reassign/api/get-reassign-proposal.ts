import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { riderKeys } from '../../api/rider-keys';

/**
 * POST /riders/{riderId}/reassign-all/proposal/: a computation over the live fleet (hence POST),
 * read like a query: fresh each time the dialog opens, never cached for long. While the dialog is
 * open it stays put (no refetch on focus or reconnect): a new proposal resets the lines, and the
 * dispatcher's changes with them; only a refused commit (409) asks for one.
 */
export function getReassignProposal(riderId: number, signal?: AbortSignal) {
  return api.post('/riders/:riderId/reassign-all/proposal/', { params: { riderId }, signal });
}

export const reassignProposalQueryOptions = (riderId: number) =>
  queryOptions({
    queryKey: [...riderKeys.detail(riderId), 'reassign-proposal'] as const,
    queryFn: ({ signal }) => getReassignProposal(riderId, signal),
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export function useReassignProposalQuery(riderId: number, enabled: boolean) {
  return useQuery({ ...reassignProposalQueryOptions(riderId), enabled });
}
