import type { BulkReassignCommit } from '@dastak/core/entities/bulk-reassign';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { riderKeys } from '../../api/rider-keys';

/**
 * POST /riders/{riderId}/reassign-all/ {lines, reassignment_string_id, reason}. Silent: the
 * dialog shows a 409 (orders changed meanwhile) itself and reloads the proposal.
 */
export function commitReassignAll(riderId: number, body: BulkReassignCommit) {
  return api.post('/riders/:riderId/reassign-all/', { params: { riderId }, body, silent: true });
}

export function useCommitReassignAllMutation(riderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkReassignCommit) => commitReassignAll(riderId, body),
    // Every rider and order view may show the moved pickups (either outcome: a 409 means
    // something changed meanwhile too).
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: riderKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['orders'] }),
      ]),
  });
}
