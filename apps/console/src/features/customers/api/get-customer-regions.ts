import { PAGE_SIZE_MAX } from '@dastak/core/constants';
import type { Paged } from '@dastak/core/entities/common';
import type { Region } from '@dastak/core/entities/locations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { customerKeys } from './customer-keys';

/**
 * GET /location/regions/ across both verticals: a customer's addresses may sit in a blood or an
 * X-ray region, so the list filter offers every region. One page of 100 covers them all.
 */
export function getCustomerRegions(signal?: AbortSignal): Promise<Paged<Region>> {
  return api.get('/location/regions/', { query: { pageSize: PAGE_SIZE_MAX }, signal });
}

export function useCustomerRegionsQuery() {
  return useQuery(
    queryOptions({
      queryKey: customerKeys.regions(),
      queryFn: ({ signal }) => getCustomerRegions(signal),
      staleTime: 10 * 60_000,
    }),
  );
}
