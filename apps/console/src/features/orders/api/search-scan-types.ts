import type { ScanType } from '@dastak/core/entities/catalog';
import type { Vertical } from '@dastak/core/states';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { orderKeys } from './order-keys';

/** GET /orders/scan-types/?search&vertical: tests whose name or code contains the text. */
export function searchScanTypes(
  vertical: Vertical,
  search: string,
  signal?: AbortSignal,
): Promise<ScanType[]> {
  return api.get('/orders/scan-types/', { query: { search, vertical }, signal });
}

export const scanTypeSearchQueryOptions = (vertical: Vertical, search: string) =>
  queryOptions({
    queryKey: [...orderKeys.all, 'scan-types', vertical, search] as const,
    queryFn: ({ signal }) => searchScanTypes(vertical, search, signal),
    staleTime: 60_000,
  });

/** Runs only for non-empty text (spec §5); empty text means no suggestions. */
export function useScanTypeSearchQuery(vertical: Vertical, search: string) {
  const text = search.trim();
  return useQuery({
    ...scanTypeSearchQueryOptions(vertical, text),
    enabled: text.length > 0,
    placeholderData: text ? keepPreviousData : undefined,
  });
}
