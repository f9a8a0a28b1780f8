import type { riderShiftBreakResultSchema } from '@dastak/core/entities/shifts';
import { SUCCESS } from '@dastak/core/messages';
import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { showSuccessToast } from '../../../lib/toast';
import { attendanceKeys } from './attendance-keys';
import type { AttendancePage } from './get-attendance';

export type RiderShiftBreakResult = z.infer<typeof riderShiftBreakResultSchema>;

/** PUT /shift/rider-shifts/{id}/ (spec §7): gives the shift's one break. */
export function giveBreak(
  riderShift: number,
  breakDurationMins: number,
): Promise<RiderShiftBreakResult> {
  return api.put('/shift/rider-shifts/:id/', {
    params: { id: riderShift },
    body: {
      breakDurationMins,
    },
  });
}

/** The row shows the break at once (from the answer); the lists are then read again. */
export function useGiveBreak() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ riderShift, minutes }: { riderShift: number; minutes: number }) =>
      giveBreak(riderShift, minutes),
    onSuccess: ({ riderShift }) => {
      showSuccessToast(SUCCESS.BREAK_GIVEN);
      queryClient.setQueriesData<InfiniteData<AttendancePage>>(
        { queryKey: attendanceKeys.lists() },
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              results: page.results.map((row) =>
                row.shift.id === riderShift.id
                  ? {
                      ...row,
                      breakAlreadyGiven: riderShift.breakAlreadyGiven,
                      shift: { ...row.shift, state: riderShift.state },
                    }
                  : row,
              ),
            })),
          },
      );
      return queryClient.invalidateQueries({ queryKey: attendanceKeys.lists() });
    },
  });
}
