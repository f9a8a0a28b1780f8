import type { Paged } from '@dastak/core/entities/common';

/** Paging follows the next link's page parameter (spec §7); no link, no more pages. */
export function nextPageParam(page: Paged<unknown>): number | undefined {
  if (!page.next) return undefined;
  const value = new URL(page.next, 'http://next.invalid').searchParams.get('page');
  return value && /^\d+$/.test(value) ? Number(value) : undefined;
}
