import type { ShiftDemand } from '@dastak/core/entities/shifts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { shiftKeys } from './shift-keys';

/**
 * GET /shift/shift-schedules/demand/?region=&week_start= (beyond the spec): per hour of each day,
 * riders on shift against orders booked. Silent: the grid is still useful without the overlay.
 */
export function getShiftDemand(
  region: number,
  weekStart: string,
  signal?: AbortSignal,
): Promise<ShiftDemand> {
  return api.get<ShiftDemand>('/shift/shift-schedules/demand/', {
    query: { region, weekStart },
    signal,
    silent: true,
  });
}

export const shiftDemandQueryOptions = (region: number, weekStart: string) =>
  queryOptions({
    queryKey: shiftKeys.demand(region, weekStart),
    queryFn: ({ signal }) => getShiftDemand(region, weekStart, signal),
  });

export function useShiftDemandQuery(region: number | null, weekStart: string) {
  return useQuery({
    ...shiftDemandQueryOptions(region ?? 0, weekStart),
    enabled: region !== null,
  });
}
