import type { Paged } from '@dastak/core/entities/common';
import type { AttendanceRecord } from '@dastak/core/entities/shifts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { AttendanceFilterSet } from '../attendance-filters';
import { attendanceKeys } from './attendance-keys';

export type AttendancePage = Paged<AttendanceRecord>;

/** Paging follows the next link's page parameter (spec §7); no link, no more pages. */
function nextPageParam(page: AttendancePage): number | undefined {
  if (!page.next) return undefined;
  const value = new URL(page.next, 'http://next.invalid').searchParams.get('page');
  return value && /^\d+$/.test(value) ? Number(value) : undefined;
}

/** GET /shift/rider-shifts/ with the list's filters (spec §7). */
export function getAttendance(
  filters: AttendanceFilterSet,
  page: number,
  signal?: AbortSignal,
): Promise<AttendancePage> {
  return api.get('/shift/rider-shifts/', {
    query: {
      region: filters.region,
      startDatetime: filters.startDatetime,
      endDatetime: filters.endDatetime,
      shift: filters.shift,
      rider: filters.rider,
      ordering: filters.ordering,
      page,
    },
    signal,
  });
}

export const attendanceQueryOptions = (filters: AttendanceFilterSet) =>
  infiniteQueryOptions({
    queryKey: attendanceKeys.list(filters),
    queryFn: ({ pageParam, signal }) => getAttendance(filters, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });

export function useAttendanceQuery(filters: AttendanceFilterSet) {
  return useInfiniteQuery(attendanceQueryOptions(filters));
}
