import type { CustomerListPage } from '@dastak/core/entities/customers';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { nextPageParam } from '../../../lib/next-page';
import type { CustomerFilterSet } from '../customer-filters';
import { customerKeys } from './customer-keys';

/** GET /entity/customers/: regions are sent comma-joined (spec §5). */
export function getCustomers(
  filters: CustomerFilterSet,
  page: number,
  signal?: AbortSignal,
): Promise<CustomerListPage> {
  return api.get('/entity/customers/', {
    query: {
      search: filters.search.trim(),
      // 'All Regions' is every region: no region filter at all.
      regions: filters.regions.length && !filters.allRegions ? filters.regions : undefined,
      ordering: filters.ordering,
      page,
    },
    signal,
  });
}

/**
 * One infinite query per filter set: Load More appends a page to the same list, a new filter
 * set is a new key and so replaces the list (spec §4 Data flags).
 */
export const customersQueryOptions = (filters: CustomerFilterSet) =>
  infiniteQueryOptions({
    queryKey: customerKeys.list(filters),
    queryFn: ({ pageParam, signal }) => getCustomers(filters, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });

export function useCustomersQuery(filters: CustomerFilterSet) {
  return useInfiniteQuery(customersQueryOptions(filters));
}
