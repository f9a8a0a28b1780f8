import type { Vertical } from '@dastak/core/states';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

type LookupPath = '/entity/hear_about_us/' | '/entity/order-sources/';

/** GET /entity/hear_about_us/ and /entity/order-sources/ (plain arrays, read whole). */
export function getLookup(path: LookupPath, vertical: Vertical, signal?: AbortSignal) {
  return api.get(path, { query: { vertical }, signal });
}

function useLookupQuery(path: LookupPath, vertical: Vertical) {
  return useQuery({
    queryKey: ['lookups', path, vertical] as const,
    queryFn: ({ signal }) => getLookup(path, vertical, signal),
    staleTime: 10 * 60_000,
  });
}

export const useHearAboutUsQuery = (vertical: Vertical) =>
  useLookupQuery('/entity/hear_about_us/', vertical);
export const useOrderSourcesQuery = (vertical: Vertical) =>
  useLookupQuery('/entity/order-sources/', vertical);
