import type { CustomerFilterSet } from '../customer-filters';

/** Query keys of the customers feature; mutations invalidate by these prefixes. */
export const customerKeys = {
  all: ['customers'] as const,
  lists: () => ['customers', 'list'] as const,
  list: (filters: CustomerFilterSet) => ['customers', 'list', filters] as const,
  details: () => ['customers', 'detail'] as const,
  detail: (id: number) => ['customers', 'detail', id] as const,
  orderHistory: (id: number) => ['customers', 'order-history', id] as const,
  surveys: (id: number) => ['customers', 'surveys', id] as const,
  regions: () => ['customers', 'regions'] as const,
  cities: (vertical: string) => ['customers', 'cities', vertical] as const,
  geocode: (city: number, q: string) => ['customers', 'geocode', city, q] as const,
};
