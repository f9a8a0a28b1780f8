import type { ShiftSchedule } from '@dastak/core/entities/shifts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { shiftKeys } from './shift-keys';

/** GET /shift/shift-schedules/?region=: the region's weekly shifts, each with its riders. */
export function getShiftSchedules(region: number, signal?: AbortSignal): Promise<ShiftSchedule[]> {
  return api.get('/shift/shift-schedules/', { query: { region }, signal });
}

export const shiftSchedulesQueryOptions = (region: number) =>
  queryOptions({
    queryKey: shiftKeys.scheduleList(region),
    queryFn: ({ signal }) => getShiftSchedules(region, signal),
  });

export function useShiftSchedulesQuery(region: number | null) {
  return useQuery({ ...shiftSchedulesQueryOptions(region ?? 0), enabled: region !== null });
}
