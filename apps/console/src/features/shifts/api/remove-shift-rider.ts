import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { shiftKeys } from './shift-keys';

/** DELETE /shift/rider-shift-schedules/{id}/ */
export function removeShiftRider(id: number): Promise<null> {
  return api.delete('/shift/rider-shift-schedules/:id/', { params: { id } });
}

export function useRemoveShiftRiderMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeShiftRider,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: shiftKeys.schedules() }),
        queryClient.invalidateQueries({ queryKey: shiftKeys.demands() }),
      ]),
  });
}
