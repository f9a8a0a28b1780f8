import { RIDER_STATES, type RiderState } from '../states';

/**
 * 'Busy' has one meaning on every screen: the rider can take no more pickups, full or
 * delivering. A rider picking up with room left is available, as the Riders panel's counts
 * (GET /stats/rider/) and the dispatch engine have it; the map once called that rider busy.
 */
export const RIDER_BUSY_STATES: readonly RiderState[] = [
  RIDER_STATES.PICKING_UP_FULL,
  RIDER_STATES.DELIVERING,
];

export const isRiderBusy = (state: RiderState) => RIDER_BUSY_STATES.includes(state);

/**
 * A rider's marker on every map: off duty first (whatever else is true, such a rider takes no
 * order, and must not look available), then the wildcard and covid kinds of spec §4, then busy
 * or available.
 */
export type RiderMarkerKind = 'available' | 'busy' | 'offDuty' | 'wildcard' | 'covid';

export function riderMarkerKind(rider: {
  state: RiderState;
  isOnDuty: boolean;
  isWildcard: boolean;
  isCovid: boolean;
}): RiderMarkerKind {
  if (!rider.isOnDuty) return 'offDuty';
  if (rider.isWildcard) return 'wildcard';
  if (rider.isCovid) return 'covid';
  return isRiderBusy(rider.state) ? 'busy' : 'available';
}
