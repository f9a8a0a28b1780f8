import type { RiderFilterSet } from '../rider-filters';

/** Query keys of the riders feature; mutations invalidate by these prefixes. */
export const riderKeys = {
  all: ['riders'] as const,
  lists: () => ['riders', 'list'] as const,
  list: (filters: RiderFilterSet) => ['riders', 'list', filters] as const,
  detail: (id: number) => ['riders', 'detail', id] as const,
  location: (id: number) => ['riders', 'location', id] as const,
  orderHistory: (id: number) => ['riders', 'order-history', id] as const,
  regions: () => ['riders', 'regions'] as const,
};
