import type { Toggle } from '@dastak/core/rules/order-filters';
import { RIDER_STATES, type RiderState } from '@dastak/core/states';

/**
 * The rider list's filter set (spec §2.10, §7 "Rider list filters"), kept in the page query
 * string so a link reproduces the view. Keys are camelCase in the URL; the api client turns them
 * into the snake_case parameters of GET /entity/riders/.
 */
export type RiderFilterSet = {
  search: string;
  regions: number[];
  isOnline: Toggle;
  isCovid: Toggle;
  isWildcard: Toggle;
  states: RiderState[];
  ordering: string;
};

/** Newest riders first, as the nav link opens the list (spec §2.2). */
export const DEFAULT_RIDER_ORDERING = '-created';

export const emptyRiderFilters = (): RiderFilterSet => ({
  search: '',
  regions: [],
  isOnline: '',
  isCovid: '',
  isWildcard: '',
  states: [],
  ordering: DEFAULT_RIDER_ORDERING,
});

const RIDER_STATE_VALUES: readonly number[] = Object.values(RIDER_STATES);

const parseIds = (text: string | null): number[] =>
  (text ?? '')
    .split(',')
    .filter((s) => /^\d+$/.test(s))
    .map(Number);

const parseToggle = (text: string | null): Toggle =>
  text === 'true' || text === 'false' ? text : '';

/** Reads the filter set back from the URL; malformed values fall back to "no filter". */
export function riderFiltersFromQuery(params: URLSearchParams): RiderFilterSet {
  return {
    search: params.get('search') ?? '',
    regions: parseIds(params.get('regions')),
    isOnline: parseToggle(params.get('isOnline')),
    isCovid: parseToggle(params.get('isCovid')),
    isWildcard: parseToggle(params.get('isWildcard')),
    states: parseIds(params.get('states')).filter((s): s is RiderState =>
      RIDER_STATE_VALUES.includes(s),
    ),
    ordering: params.get('ordering') || DEFAULT_RIDER_ORDERING,
  };
}

/** The page query string; empty filters are left out, ordering is always present. */
export function riderFiltersToQuery(f: RiderFilterSet): URLSearchParams {
  const params = new URLSearchParams();
  if (f.search.trim()) params.set('search', f.search.trim());
  if (f.regions.length) params.set('regions', f.regions.join(','));
  if (f.isOnline) params.set('isOnline', f.isOnline);
  if (f.isCovid) params.set('isCovid', f.isCovid);
  if (f.isWildcard) params.set('isWildcard', f.isWildcard);
  if (f.states.length) params.set('states', [...f.states].sort().join(','));
  params.set('ordering', f.ordering || DEFAULT_RIDER_ORDERING);
  return params;
}

/** How many panel filters (not search or ordering) are set, for the filter button's badge. */
export function activeRiderFilterCount(f: RiderFilterSet): number {
  return (
    (f.regions.length ? 1 : 0) +
    (f.isOnline ? 1 : 0) +
    (f.isCovid ? 1 : 0) +
    (f.isWildcard ? 1 : 0) +
    (f.states.length ? 1 : 0)
  );
}
