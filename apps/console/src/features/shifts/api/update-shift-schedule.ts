import type { ShiftSchedule, ShiftScheduleUpdate } from '@dastak/core/entities/shifts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { shiftKeys } from './shift-keys';

/** PATCH /shift/shift-schedules/{id}/: new start and end times. */
export function updateShiftSchedule(
  id: number,
  input: ShiftScheduleUpdate,
): Promise<ShiftSchedule> {
  return api.patch<ShiftSchedule>(`/shift/shift-schedules/${id}/`, input);
}

export function useUpdateShiftScheduleMutation(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ShiftScheduleUpdate) => updateShiftSchedule(id, input),
    onSuccess: (schedule) => {
      queryClient.setQueryData(shiftKeys.schedule(id), schedule);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: shiftKeys.schedules() }),
        queryClient.invalidateQueries({ queryKey: shiftKeys.demands() }),
      ]);
    },
  });
}
