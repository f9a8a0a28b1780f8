import type { Customer } from '@dastak/core/entities/customers';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** A hit of GET /entity/customer-search/: the customer with enough to book from. */
export type CustomerHit = Pick<
  Customer,
  'id' | 'phone' | 'firstName' | 'lastName' | 'email' | 'gender' | 'hasFilledHearAboutUs'
>;

/** GET /entity/customer-search/?search (phone or name substring). */
export function searchCustomers(search: string, signal?: AbortSignal): Promise<CustomerHit[]> {
  return api.get('/entity/customer-search/', { query: { search }, signal });
}

/** Runs only for a lookup text the caller decided to send (null means do not look up). */
export function useCustomerSearchQuery(search: string | null) {
  return useQuery({
    queryKey: ['order-create', 'customer-search', search ?? ''] as const,
    queryFn: ({ signal }) => searchCustomers(search ?? '', signal),
    enabled: search !== null && search.length > 0,
    placeholderData: search ? keepPreviousData : undefined,
    staleTime: 30_000,
  });
}
