import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { customerKeys } from './customer-keys';

export type GeocodeResult = { label: string; latitude: number; longitude: number };

/**
 * GET /location/geocode/?q&city: the server's geocoder proxy, held to the city's bounds and to
 * Pakistan; with no geocoder reachable it searches known addresses and landmarks (spec §5).
 */
export function geocode(q: string, city: number, signal?: AbortSignal): Promise<GeocodeResult[]> {
  return api.get('/location/geocode/', { query: { q, city }, signal });
}

export const geocodeQueryOptions = (q: string, city: number) =>
  queryOptions({
    queryKey: customerKeys.geocode(city, q),
    queryFn: ({ signal }) => geocode(q, city, signal),
    staleTime: 5 * 60_000,
  });

/** Searches only non-empty text in a chosen city; the last answer stays while the next loads. */
export function useGeocodeQuery(q: string, city: number | null) {
  const text = q.trim();
  return useQuery({
    ...geocodeQueryOptions(text, city ?? 0),
    enabled: text.length >= 2 && city !== null,
    placeholderData: keepPreviousData,
  });
}
