import type { RiderShiftScheduleCreate, ShiftRiderAssignment } from '@dastak/core/entities/shifts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { shiftKeys } from './shift-keys';

/** POST /shift/rider-shift-schedules/ {shift_schedule, rider, hotspot, allow_break}. */
export function addShiftRider(input: RiderShiftScheduleCreate): Promise<ShiftRiderAssignment> {
  return api.post('/shift/rider-shift-schedules/', { body: input });
}

export function useAddShiftRiderMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addShiftRider,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: shiftKeys.schedules() }),
        queryClient.invalidateQueries({ queryKey: shiftKeys.demands() }),
      ]),
  });
}
