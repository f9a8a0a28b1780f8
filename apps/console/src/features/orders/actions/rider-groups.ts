import { ASSIGNABLE_RIDER_TABS } from '@dastak/core/states';
import type { SuggestedRider, SuggestedRiders } from './api/get-suggested-riders';

/** The six tabs of the assign dialog (spec §2.7): core's, shared with the bulk reassignment. */
export const RIDER_TABS = ASSIGNABLE_RIDER_TABS satisfies readonly {
  group: keyof SuggestedRiders;
  label: string;
}[];
export type RiderGroup = (typeof RIDER_TABS)[number]['group'];

export const suggestedRiderName = (entry: SuggestedRider) =>
  `${entry.rider.firstName} ${entry.rider.lastName}`.trim();

/**
 * Rider search (spec §5): case-insensitive on phone, first, last and full name; a backslash
 * matches nothing, as in every search box of the console.
 */
export function matchesRiderSearch(entry: SuggestedRider, search: string): boolean {
  const text = search.trim().toLowerCase();
  if (!text) return true;
  if (text.includes('\\')) return false;
  const { firstName, lastName, phone } = entry.rider;
  return [firstName, lastName, `${firstName} ${lastName}`, phone].some((v) =>
    v.toLowerCase().includes(text),
  );
}

/** Finds a rider in any group (the selection survives switching tabs). */
export function findSuggestedRider(
  groups: SuggestedRiders | undefined,
  riderId: number | null,
): SuggestedRider | null {
  if (!groups || riderId === null) return null;
  for (const { group } of RIDER_TABS) {
    const hit = groups[group].find((e) => e.rider.id === riderId);
    if (hit) return hit;
  }
  return null;
}
