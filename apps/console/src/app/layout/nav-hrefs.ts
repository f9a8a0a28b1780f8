import { PERMISSIONS } from '@dastak/core/permissions';
import { endOfKarachiDay, startOfKarachiDay, toKarachiIso } from '@dastak/core/rules/karachi-time';
import { defaultOrderFilters, orderFiltersToQuery } from '@dastak/core/rules/order-filters';
import { useRegionsQuery } from '../../features/locations/api/get-regions';
import { withSavedFilters } from '../../lib/storage-saved-filters';
import { useHasPermission } from '../../lib/use-session';

const CREATED_DESC = 'ordering=-created';

export type NavHrefs = {
  bloodOrders: string;
  xrayOrders: string;
  customers: string;
  riders: string;
  attendance: string;
  unverifiedOrders: string;
  partialOrders: string;
};

/** Links open lists with the default filters of spec §2.2: today in Karachi, newest first. */
export function buildNavHrefs(now: Date, attendanceRegionId: number | undefined): NavHrefs {
  const orders = orderFiltersToQuery(defaultOrderFilters(now));
  const attendance = new URLSearchParams();
  if (attendanceRegionId !== undefined) attendance.set('region', String(attendanceRegionId));
  attendance.set('startDatetime', toKarachiIso(startOfKarachiDay(now)));
  attendance.set('endDatetime', toKarachiIso(endOfKarachiDay(now)));
  attendance.set('ordering', '-created');
  return {
    bloodOrders: `/blood/orders?${orders}`,
    xrayOrders: `/xray/orders?${orders}`,
    customers: `/customers?${CREATED_DESC}`,
    riders: `/riders?${CREATED_DESC}`,
    attendance: `/attendance?${attendance.toString()}`,
    unverifiedOrders: '/unverified-orders',
    partialOrders: '/partial-orders',
  };
}

/**
 * Rebuilt on every render of the nav (which re-renders on navigation), so "today" never goes
 * stale past midnight and a filter set just applied is already carried. Each link carries the
 * signed-in user's saved filters for its list, else the defaults above (spec §2.2). The
 * attendance region is the first blood region, once it has loaded.
 */
export function useNavHrefs(): NavHrefs {
  const canViewAttendance = useHasPermission(PERMISSIONS.CAN_VIEW_RIDER_SHIFT);
  const regions = useRegionsQuery('blood', canViewAttendance);
  const defaults = buildNavHrefs(new Date(), regions.data?.results[0]?.id);
  return Object.fromEntries(
    Object.entries(defaults).map(([list, href]) => [list, withSavedFilters(href)]),
  ) as NavHrefs;
}
