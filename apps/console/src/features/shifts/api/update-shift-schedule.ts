import type { ShiftSchedule, ShiftScheduleUpdate } from '@dastak/core/entities/shifts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { ifMatch } from '../../../lib/edit-conflict';
import { shiftKeys } from './shift-keys';

/**
 * PATCH /shift/shift-schedules/{id}/: new start and end times, with If-Match: the version the
 * page read (409 if the shift changed since, ADR 0056).
 */
export function updateShiftSchedule(
  id: number,
  input: ShiftScheduleUpdate,
  version: number,
): Promise<ShiftSchedule> {
  return api.patch('/shift/shift-schedules/:id/', {
    params: { id },
    body: input,
    headers: ifMatch(version),
  });
}

export function useUpdateShiftScheduleMutation(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, version }: { input: ShiftScheduleUpdate; version: number }) =>
      updateShiftSchedule(id, input, version),
    onSuccess: (schedule) => {
      queryClient.setQueryData(shiftKeys.schedule(id), schedule);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: shiftKeys.schedules() }),
        queryClient.invalidateQueries({ queryKey: shiftKeys.demands() }),
      ]);
    },
  });
}
