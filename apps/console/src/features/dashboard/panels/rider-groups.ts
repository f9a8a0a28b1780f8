import type { RiderSummary } from '@dastak/core/entities/riders';

/** The rider list panel's four groups, in the order spec §2.5 lists them. */
export const RIDER_GROUPS = [
  { key: 'onlineOnDuty', title: 'Online On Duty', isOnline: true, isOnDuty: true },
  { key: 'onlineOffDuty', title: 'Online Off Duty', isOnline: true, isOnDuty: false },
  { key: 'offlineOnDuty', title: 'Offline On Duty', isOnline: false, isOnDuty: true },
  { key: 'offlineOffDuty', title: 'Offline Off Duty', isOnline: false, isOnDuty: false },
] as const;

export type RiderGroupKey = (typeof RIDER_GROUPS)[number]['key'];

/** Splits the region's riders by connectivity and duty; each group keeps the server's order. */
export function groupRiders(
  riders: readonly RiderSummary[],
): Record<RiderGroupKey, RiderSummary[]> {
  const groups: Record<RiderGroupKey, RiderSummary[]> = {
    onlineOnDuty: [],
    onlineOffDuty: [],
    offlineOnDuty: [],
    offlineOffDuty: [],
  };
  for (const rider of riders) {
    const group = RIDER_GROUPS.find(
      (g) => g.isOnline === rider.isOnline && g.isOnDuty === rider.isOnDuty,
    );
    if (group) groups[group.key].push(rider);
  }
  return groups;
}

/** The kind tag of spec §9: W wildcard, C covid, R regular (wildcard wins, as on the map). */
export function riderKindLetter(
  rider: Pick<RiderSummary, 'isWildcard' | 'isCovid'>,
): 'W' | 'C' | 'R' {
  if (rider.isWildcard) return 'W';
  if (rider.isCovid) return 'C';
  return 'R';
}

/** Case-insensitive match of the side panel's 'Rider Name or Phone' box. */
export function riderMatches(
  rider: Pick<RiderSummary, 'firstName' | 'lastName' | 'phone'>,
  search: string,
): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  const name = `${rider.firstName} ${rider.lastName}`.toLowerCase();
  return name.includes(needle) || rider.phone.includes(needle);
}
