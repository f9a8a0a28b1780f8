import type { ShiftSchedule } from '@dastak/core/entities/shifts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { shiftKeys } from './shift-keys';

/** POST /shift/copy-shift-schedule/{id}/ {weekday}: a new shift on that day, riders included. */
export function copyShiftSchedule(id: number, weekday: number): Promise<ShiftSchedule> {
  return api.post('/shift/copy-shift-schedule/:id/', { params: { id }, body: { weekday } });
}

export function useCopyShiftScheduleMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, weekday }: { id: number; weekday: number }) =>
      copyShiftSchedule(id, weekday),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: shiftKeys.schedules() }),
        queryClient.invalidateQueries({ queryKey: shiftKeys.demands() }),
      ]),
  });
}
