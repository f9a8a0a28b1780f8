/**
 * The customer list's filter set (spec §2.9, §5 Filters), kept in the page query string so a link
 * reproduces the view. 'All Regions' and the selection it replaced ride along so unchecking it
 * restores what was there before.
 */
export type CustomerFilterSet = {
  search: string;
  regions: number[];
  allRegions: boolean;
  prevSelectedRegions: number[];
  ordering: string;
};

/** Newest customers first, as the nav link opens the list (spec §2.2). */
export const DEFAULT_CUSTOMER_ORDERING = '-created';

const parseIds = (text: string | null): number[] =>
  (text ?? '')
    .split(',')
    .filter((s) => /^\d+$/.test(s))
    .map(Number);

export function customerFiltersFromQuery(params: URLSearchParams): CustomerFilterSet {
  return {
    search: params.get('search') ?? '',
    regions: parseIds(params.get('regions')),
    allRegions: params.get('allRegions') === 'true',
    prevSelectedRegions: parseIds(params.get('prevSelectedRegions')),
    ordering: params.get('ordering') || DEFAULT_CUSTOMER_ORDERING,
  };
}

/** The page query string; empty filters are left out, ordering is always present. */
export function customerFiltersToQuery(f: CustomerFilterSet): URLSearchParams {
  const params = new URLSearchParams();
  if (f.search.trim()) params.set('search', f.search.trim());
  if (f.regions.length) params.set('regions', f.regions.join(','));
  if (f.allRegions) params.set('allRegions', 'true');
  if (f.prevSelectedRegions.length) {
    params.set('prevSelectedRegions', f.prevSelectedRegions.join(','));
  }
  params.set('ordering', f.ordering || DEFAULT_CUSTOMER_ORDERING);
  return params;
}
