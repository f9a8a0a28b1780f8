import type { RiderTask } from '@dastak/core/entities/riders';
import type { Vertical } from '@dastak/core/states';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { orderKeys } from './order-keys';

/** GET /algorithm/{vertical}/tasks/?rider_id: the rider's pending queue in sequence order. */
export function getRiderTasks(
  vertical: Vertical,
  riderId: number,
  signal?: AbortSignal,
): Promise<RiderTask[]> {
  return api.get('/algorithm/:vertical/tasks/', {
    params: { vertical },
    query: { riderId },
    signal,
  });
}

export const riderTasksQueryOptions = (vertical: Vertical, riderId: number) =>
  queryOptions({
    queryKey: orderKeys.riderTasks(vertical, riderId),
    queryFn: ({ signal }) => getRiderTasks(vertical, riderId, signal),
  });

/**
 * The queue of the order's rider. `pollMs` re-reads it on an interval while the rider is out on
 * the order (spec §4 Polling); false reads it once.
 */
export function useRiderTasksQuery(
  vertical: Vertical,
  riderId: number | null,
  pollMs: number | false,
) {
  return useQuery({
    ...riderTasksQueryOptions(vertical, riderId ?? 0),
    enabled: riderId !== null && riderId > 0,
    refetchInterval: pollMs,
  });
}
