import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { searchCustomers } from '../../order-create/public';
import { paletteKeys } from './palette-keys';

// The create form's autocomplete call (GET /entity/customer-search/), under the palette's key.
export const paletteCustomersQueryOptions = (term: string) =>
  queryOptions({
    queryKey: paletteKeys.customers(term),
    queryFn: ({ signal }) => searchCustomers(term, signal),
    staleTime: 30_000,
  });

/** `enabled` is false when the user may not see customers or the term is no person's. */
export function usePaletteCustomersQuery(term: string, enabled: boolean) {
  return useQuery({
    ...paletteCustomersQueryOptions(term),
    enabled,
    placeholderData: keepPreviousData,
  });
}
