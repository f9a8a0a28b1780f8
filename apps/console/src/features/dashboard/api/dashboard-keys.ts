import type { Vertical } from '@dastak/core/states';

/**
 * Query keys of everything the dashboards fetch. They all sit under `dashboardKeys.all`, so a
 * stream `hello` (a resync after connecting) invalidates the whole dashboard at once, while the
 * other stream events and the refresh button invalidate just the keys they affect.
 */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  riders: (vertical: Vertical, regionId: number) =>
    ['dashboard', 'riders', vertical, regionId] as const,
  /** Every rider of the region (the rider list panel), under the riders key. */
  riderRoster: (vertical: Vertical, regionId: number) =>
    ['dashboard', 'riders', vertical, regionId, 'roster'] as const,
  riderStats: (regionId: number) => ['dashboard', 'rider-stats', regionId] as const,
  orderStats: (vertical: Vertical, regionId: number) =>
    ['dashboard', 'order-stats', vertical, regionId] as const,
  mapOrders: (vertical: Vertical, regionId: number) =>
    ['dashboard', 'map-orders', vertical, regionId] as const,
  lateOrders: (vertical: Vertical, regionId: number) =>
    ['dashboard', 'late-orders', vertical, regionId] as const,
  atRisk: (vertical: Vertical, regionId: number) =>
    ['dashboard', 'at-risk', vertical, regionId] as const,
  /** Collected samples on their way to a centre (ADR 0048). */
  samplesInTransit: (vertical: Vertical, regionId: number) =>
    ['dashboard', 'samples-in-transit', vertical, regionId] as const,
  dailyStats: (vertical: Vertical, regionId: number) =>
    ['dashboard', 'daily-stats', vertical, regionId] as const,
  onTime: (vertical: Vertical, regionId: number) =>
    ['dashboard', 'on-time', vertical, regionId] as const,
  cityRiders: (vertical: Vertical, cityId: number) =>
    ['dashboard', 'city-riders', vertical, cityId] as const,
  /** The selected rider's stored trail; the stream extends it while the popup is open. */
  riderTrail: (riderId: number) => ['dashboard', 'rider-trail', riderId] as const,
};
