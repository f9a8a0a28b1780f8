import { decodeQueue, type RiderModel, toRiderModels } from '../dispatch/public';

/** What the dashboard's estimates read of a rider: the last position and the queue snapshot. */
export interface RiderRouteRow {
  id: number;
  firstName: string;
  lastName: string;
  lastKnownLatitude: number | null;
  lastKnownLongitude: number | null;
  shiftBreakEndTime: Date | null;
  /** rider_profiles.queue (ADR 0009), decoded by decodeQueue. */
  queue: unknown;
}

/** The rider as route-plan.ts models it, from the position and queue snapshot (ADR 0009). */
export function riderRouteModel(r: RiderRouteRow, now: number): RiderModel {
  const tasks = decodeQueue(r.id, r.queue);
  const [model] = toRiderModels(
    [
      {
        id: r.id,
        firstName: r.firstName,
        lastName: r.lastName,
        phone: null,
        regionId: 0,
        cityId: 0,
        state: 0,
        isOnline: true,
        isOnDuty: true,
        isWildcard: false,
        isCovid: false,
        lastKnownLatitude: r.lastKnownLatitude,
        lastKnownLongitude: r.lastKnownLongitude,
        lastSeenAt: null,
        completedOrdersCount: 0,
        capacity: Number.MAX_SAFE_INTEGER,
        shiftBreakEndTime: r.shiftBreakEndTime,
        cellId: null,
        cellName: null,
      },
    ],
    tasks,
    new Map(),
    now,
  );
  return model as RiderModel;
}

export const riderName = (r: { firstName: string; lastName: string }) =>
  `${r.firstName} ${r.lastName}`.trim();
