import type { Rider } from '@dastak/core/entities/riders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { riderKeys } from './rider-keys';

export function getRider(id: number, signal?: AbortSignal): Promise<Rider> {
  return api.get('/entity/rider/:id/', { params: { id }, signal });
}

export const riderQueryOptions = (id: number) =>
  queryOptions({
    queryKey: riderKeys.detail(id),
    queryFn: ({ signal }) => getRider(id, signal),
  });

export function useRiderQuery(id: number) {
  return useQuery({ ...riderQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}
