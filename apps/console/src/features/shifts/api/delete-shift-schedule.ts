import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { shiftKeys } from './shift-keys';

/** DELETE /shift/shift-schedules/{id}/ (204). */
export function deleteShiftSchedule(id: number): Promise<null> {
  return api.delete('/shift/shift-schedules/:id/', { params: { id } });
}

export function useDeleteShiftScheduleMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteShiftSchedule,
    // Lists only: refetching the deleted shift's own detail would only answer 404.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: shiftKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: shiftKeys.demands() }),
      ]),
  });
}
