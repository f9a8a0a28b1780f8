import type { Rider, RiderSummary } from '@dastak/core/entities/riders';
import { toKarachiIso } from '@dastak/core/rules/karachi-time';
import type { RiderState } from '@dastak/core/states';
import type { RiderRow } from './riders.repository';

const iso = (d: Date | null) => (d ? toKarachiIso(d) : null);

const cellOf = (r: RiderRow) =>
  r.cellId !== null && r.cellName !== null ? { id: r.cellId, name: r.cellName } : null;

/** The Rider entity of spec §3. vertical.name is the vertical code ('blood' | 'xray'). */
export function toRider(r: RiderRow, servedVersion: string): Rider {
  const state = r.state as RiderState;
  return {
    id: r.id,
    firstName: r.firstName,
    lastName: r.lastName,
    phone: r.phone ?? '',
    phoneVerified: r.phoneVerified,
    email: r.email,
    address: r.address,
    dateJoined: toKarachiIso(r.dateJoined),
    isActive: r.isActive,
    isOnline: r.isOnline,
    isOnDuty: r.isOnDuty,
    state,
    isWildcard: r.isWildcard,
    isCovid: r.isCovid,
    lastKnownLatitude: r.lastKnownLatitude,
    lastKnownLongitude: r.lastKnownLongitude,
    lastSeenAt: iso(r.lastSeenAt),
    completedOrdersCount: r.completedOrdersCount,
    cell: cellOf(r),
    cityName: r.cityName,
    battery: r.battery,
    networkState: r.networkState,
    shiftBreakEndTime: iso(r.shiftBreakEndTime),
    profile: {
      region: { id: r.regionId, name: r.regionName },
      vertical: { name: r.vertical },
      state,
      mobileModel: r.mobileModel,
      appVersion: r.appVersion,
      // The version this server serves at /rider/ (core's RIDER_APP_VERSION; ADR 0062).
      isUsingLatestApp: r.appVersion !== null && r.appVersion === servedVersion,
    },
  };
}

/** The light row of pickers and the dashboard's online list. */
export function toRiderSummary(r: RiderRow): RiderSummary {
  return {
    id: r.id,
    firstName: r.firstName,
    lastName: r.lastName,
    phone: r.phone ?? '',
    state: r.state as RiderState,
    isOnline: r.isOnline,
    isOnDuty: r.isOnDuty,
    isWildcard: r.isWildcard,
    isCovid: r.isCovid,
    lastKnownLatitude: r.lastKnownLatitude,
    lastKnownLongitude: r.lastKnownLongitude,
    lastSeenAt: iso(r.lastSeenAt),
    completedOrdersCount: r.completedOrdersCount,
    cell: cellOf(r),
  };
}
