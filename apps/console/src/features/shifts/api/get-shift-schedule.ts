import type { ShiftSchedule } from '@dastak/core/entities/shifts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { shiftKeys } from './shift-keys';

/** GET /shift/shift-schedules/{id}/ */
export function getShiftSchedule(id: number, signal?: AbortSignal): Promise<ShiftSchedule> {
  return api.get('/shift/shift-schedules/:id/', { params: { id }, signal });
}

export const shiftScheduleQueryOptions = (id: number) =>
  queryOptions({
    queryKey: shiftKeys.schedule(id),
    queryFn: ({ signal }) => getShiftSchedule(id, signal),
  });

export function useShiftScheduleQuery(id: number) {
  return useQuery({ ...shiftScheduleQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}
