import { CUSTOMER_MESSAGES } from '@dastak/core/messages';
import type { Db } from '../../db/client';
import { round6 } from '../../demo/geometry';
import { invalid } from '../../lib/domain-errors';
import { containsPattern } from '../../lib/search-pattern';
import { getCity } from './customer-addresses.repository';
import * as repo from './geocoder.repository';

/** Places offered per search (the dialog's dropdown). */
export const GEOCODE_LIMIT = 8;
/** A geocoder slower than this is treated as unreachable; the built-in search answers. */
export const GEOCODER_TIMEOUT_MS = 2500;

type NominatimHit = { display_name?: string; lat?: string; lon?: string };

const inside = (p: repo.Place, b: repo.Box) =>
  p.latitude >= b.south && p.latitude <= b.north && p.longitude >= b.west && p.longitude <= b.east;

/**
 * A Nominatim-compatible /search, asked for Pakistan (countrycodes=pk) inside the city's viewbox
 * with bounded=1; results are filtered by the box again, since bounded is a hint to some servers.
 */
export async function searchGeocoder(
  baseUrl: string,
  q: string,
  box: repo.Box,
  fetchImpl: typeof fetch = fetch,
): Promise<repo.Place[]> {
  const url = new URL('search', baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
  url.search = new URLSearchParams({
    q,
    format: 'jsonv2',
    countrycodes: 'pk',
    viewbox: `${box.west},${box.north},${box.east},${box.south}`,
    bounded: '1',
    limit: String(GEOCODE_LIMIT),
  }).toString();
  const res = await fetchImpl(url, {
    headers: { accept: 'application/json', 'user-agent': 'dastak-console' },
    signal: AbortSignal.timeout(GEOCODER_TIMEOUT_MS),
  });
  if (!res.ok) throw new Error(`geocoder answered ${res.status}`);
  const hits = (await res.json()) as NominatimHit[];
  return hits
    .map((h) => ({
      label: h.display_name ?? '',
      ...round6({ latitude: Number(h.lat), longitude: Number(h.lon) }),
    }))
    .filter((p) => p.label !== '' && Number.isFinite(p.latitude) && inside(p, box));
}

/** Known addresses and landmarks of the city: the search when no geocoder is reachable. */
export async function searchKnownPlaces(db: Db, q: string, box: repo.Box) {
  const pattern = containsPattern(q);
  if (pattern === null) return [];
  const [marks, addresses] = await Promise.all([
    repo.landmarks(db, pattern, box, GEOCODE_LIMIT),
    repo.knownAddresses(db, pattern, box, GEOCODE_LIMIT),
  ]);
  return [...marks, ...addresses].slice(0, GEOCODE_LIMIT).map((p) => ({ ...p, ...round6(p) }));
}

/**
 * GET /location/geocode/?q&city: places held strictly to the city's bounds and to Pakistan
 * (spec §5 New address). GEOCODER_URL unset, failing or slow: the built-in search answers.
 */
export async function geocode(
  db: Db,
  p: { q: string; city: number; geocoderUrl?: string },
  onGeocoderError: (err: unknown) => void = () => {},
) {
  const city = await getCity(db, p.city);
  if (!city)
    throw invalid(CUSTOMER_MESSAGES.CITY_INVALID, { city: [CUSTOMER_MESSAGES.CITY_INVALID] });
  const box = { south: city.south, west: city.west, north: city.north, east: city.east };
  if (p.geocoderUrl) {
    try {
      return await searchGeocoder(p.geocoderUrl, p.q, box);
    } catch (err) {
      onGeocoderError(err);
    }
  }
  return searchKnownPlaces(db, p.q, box);
}
