import type { RiderShiftScheduleUpdate, ShiftRiderAssignment } from '@dastak/core/entities/shifts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { shiftKeys } from './shift-keys';

/** PUT /shift/rider-shift-schedules/{id}/ {hotspot, allow_break}. */
export function updateShiftRider(
  id: number,
  input: RiderShiftScheduleUpdate,
): Promise<ShiftRiderAssignment> {
  return api.put('/shift/rider-shift-schedules/:id/', { params: { id }, body: input });
}

export function useUpdateShiftRiderMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: RiderShiftScheduleUpdate & { id: number }) =>
      updateShiftRider(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shiftKeys.schedules() }),
  });
}
