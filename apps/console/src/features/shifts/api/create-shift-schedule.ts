import type { ShiftSchedule, ShiftScheduleCreate } from '@dastak/core/entities/shifts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { shiftKeys } from './shift-keys';

/** POST /shift/shift-schedules/ (Can change shift schedule). */
export function createShiftSchedule(input: ShiftScheduleCreate): Promise<ShiftSchedule> {
  return api.post('/shift/shift-schedules/', { body: input });
}

export function useCreateShiftScheduleMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createShiftSchedule,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: shiftKeys.schedules() }),
        queryClient.invalidateQueries({ queryKey: shiftKeys.demands() }),
      ]),
  });
}
