import type { Vertical } from '@dastak/core/states';

/** Query keys of the palette's searches: the debounced term is part of each key. */
export const paletteKeys = {
  all: ['palette'] as const,
  customers: (term: string) => ['palette', 'customers', term] as const,
  riders: (term: string) => ['palette', 'riders', term] as const,
  orders: (vertical: Vertical, term: string) => ['palette', 'orders', vertical, term] as const,
};
