import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { TrailPoint } from '../live/rider-positions';
import { dashboardKeys } from './dashboard-keys';

/** GET /entity/rider_location/{id}/trail/: the rider's stored pings of the last 30 minutes. */
export function useRiderTrailQuery(riderId: number) {
  return useQuery({
    queryKey: dashboardKeys.riderTrail(riderId),
    queryFn: ({ signal }) =>
      api.get('/entity/rider_location/:id/trail/', { params: { id: riderId }, signal }),
    select: (trail): TrailPoint[] =>
      trail.points.map((p) => ({
        latitude: p.latitude,
        longitude: p.longitude,
        at: Date.parse(p.at),
      })),
  });
}
