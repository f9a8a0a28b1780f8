import { PAGE_SIZE_MAX } from '@dastak/core/constants';
import type { Paged } from '@dastak/core/entities/common';
import type { Region } from '@dastak/core/entities/locations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { attendanceKeys } from './attendance-keys';

/** GET /location/regions/ across both verticals: riders of any region work shifts. */
export function getAttendanceRegions(signal?: AbortSignal): Promise<Paged<Region>> {
  return api.get('/location/regions/', { query: { pageSize: PAGE_SIZE_MAX }, signal });
}

export const attendanceRegionsQueryOptions = () =>
  queryOptions({
    queryKey: attendanceKeys.regions(),
    queryFn: ({ signal }) => getAttendanceRegions(signal),
    staleTime: 10 * 60_000,
  });

export function useAttendanceRegionsQuery() {
  return useQuery(attendanceRegionsQueryOptions());
}
