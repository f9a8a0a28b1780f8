import { sql } from 'drizzle-orm';
import { cells, cities, regions } from '../../db/schema/locations';
import { riderProfiles } from '../../db/schema/riders';
import { users } from '../../db/schema/users';

/** The expression users_full_name_trgm_idx indexes: searches must use exactly this. */
export const userFullName = sql<string>`(${users.firstName} || ' ' || ${users.lastName})`;

/** Columns of one Rider (spec §3) as the riders queries select them. */
export const riderColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  phone: users.phone,
  email: users.email,
  dateJoined: users.dateJoined,
  isActive: users.isActive,
  phoneVerified: riderProfiles.phoneVerified,
  address: riderProfiles.address,
  isOnline: riderProfiles.isOnline,
  isOnDuty: riderProfiles.isOnDuty,
  state: riderProfiles.state,
  isWildcard: riderProfiles.isWildcard,
  isCovid: riderProfiles.isCovid,
  lastKnownLatitude: riderProfiles.lastKnownLatitude,
  lastKnownLongitude: riderProfiles.lastKnownLongitude,
  lastSeenAt: riderProfiles.lastSeenAt,
  completedOrdersCount: riderProfiles.completedOrdersCount,
  battery: riderProfiles.battery,
  networkState: riderProfiles.networkState,
  shiftBreakEndTime: riderProfiles.shiftBreakEndTime,
  mobileModel: riderProfiles.mobileModel,
  appVersion: riderProfiles.appVersion,
  vertical: riderProfiles.vertical,
  regionId: regions.id,
  regionName: regions.name,
  cityName: cities.name,
  cellId: cells.id,
  cellName: cells.name,
};
