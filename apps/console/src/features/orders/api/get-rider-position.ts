import type { RiderLocation } from '@dastak/core/entities/riders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { orderKeys } from './order-keys';

/** GET /entity/rider_location/{id}/: where the order's rider last reported from. */
export function getRiderPosition(riderId: number, signal?: AbortSignal): Promise<RiderLocation> {
  return api.get('/entity/rider_location/:id/', { params: { id: riderId }, signal });
}

export const riderPositionQueryOptions = (riderId: number) =>
  queryOptions({
    // Under the orders prefix, so any order action refreshes it with the rest of the detail.
    queryKey: [...orderKeys.all, 'rider-position', riderId] as const,
    queryFn: ({ signal }) => getRiderPosition(riderId, signal),
  });

/** Polled on `pollMs` while the rider is out on the order (spec §4 Polling); false reads once. */
export function useRiderPositionQuery(riderId: number | null, pollMs: number | false) {
  return useQuery({
    ...riderPositionQueryOptions(riderId ?? 0),
    enabled: riderId !== null && riderId > 0,
    refetchInterval: pollMs,
  });
}
