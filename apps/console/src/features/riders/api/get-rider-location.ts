import type { RiderLocation } from '@dastak/core/entities/riders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { riderKeys } from './rider-keys';

export function getRiderLocation(id: number, signal?: AbortSignal): Promise<RiderLocation> {
  return api.get('/entity/rider_location/:id/', { params: { id }, signal });
}

/** Read fresh each time the dialog opens: the point of it is where the rider is now. */
export const riderLocationQueryOptions = (id: number) =>
  queryOptions({
    queryKey: riderKeys.location(id),
    queryFn: ({ signal }) => getRiderLocation(id, signal),
    staleTime: 0,
  });

export function useRiderLocationQuery(id: number, enabled: boolean) {
  return useQuery({ ...riderLocationQueryOptions(id), enabled });
}
