import type { OrderFilterSet } from '@dastak/core/rules/order-filters';

/** Keys that are not panel filters: the search box, sorting, and the panel's own bookkeeping. */
const NOT_COUNTED: ReadonlySet<keyof OrderFilterSet> = new Set([
  'search',
  'sorting',
  'prevSelectedRegions',
  'allRegions',
]);

/** How many panel filters are set, for the filter button's badge. */
export function activeOrderFilterCount(filters: Partial<OrderFilterSet>): number {
  let count = 0;
  for (const [key, value] of Object.entries(filters) as [keyof OrderFilterSet, unknown][]) {
    if (NOT_COUNTED.has(key)) continue;
    if (
      Array.isArray(value)
        ? value.length > 0
        : value !== '' && value !== null && value !== undefined
    )
      count += 1;
  }
  return count;
}
