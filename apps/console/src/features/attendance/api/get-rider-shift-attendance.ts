import type { AttendanceSlot } from '@dastak/core/entities/shifts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { attendanceKeys } from './attendance-keys';

/** GET /shift/rider-shift-attendance/?rider_shift=: the 5-minute slots of one rider shift. */
export function getRiderShiftAttendance(
  riderShift: number,
  signal?: AbortSignal,
): Promise<AttendanceSlot[]> {
  return api.get('/shift/rider-shift-attendance/', { query: { riderShift }, signal });
}

export const riderShiftAttendanceQueryOptions = (riderShift: number) =>
  queryOptions({
    queryKey: attendanceKeys.onlineChart(riderShift),
    queryFn: ({ signal }) => getRiderShiftAttendance(riderShift, signal),
  });

export function useRiderShiftAttendanceQuery(riderShift: number, enabled: boolean) {
  return useQuery({ ...riderShiftAttendanceQueryOptions(riderShift), enabled });
}
