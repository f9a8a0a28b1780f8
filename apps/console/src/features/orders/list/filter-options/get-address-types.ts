import type { Vertical } from '@dastak/core/states';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

/** GET /orders/address-types/?vertical: the address types an order's address can have. */
export function getAddressTypes(vertical: Vertical, signal?: AbortSignal) {
  return api.get('/orders/address-types/', { query: { vertical }, signal });
}

export const addressTypesQueryOptions = (vertical: Vertical) =>
  queryOptions({
    queryKey: ['orders', 'filter-options', 'address-types', vertical],
    queryFn: ({ signal }) => getAddressTypes(vertical, signal),
    staleTime: 10 * 60_000,
  });

export function useAddressTypesQuery(vertical: Vertical, enabled: boolean) {
  return useQuery({ ...addressTypesQueryOptions(vertical), enabled });
}
