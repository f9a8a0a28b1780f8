import type { ShiftOption } from '@dastak/core/entities/shifts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { attendanceKeys } from './attendance-keys';

/** GET /shift/shifts/?region=: the region's weekly shifts, for the shift select. */
export function getShiftOptions(region: number, signal?: AbortSignal): Promise<ShiftOption[]> {
  return api.get('/shift/shifts/', { query: { region }, signal });
}

export const shiftOptionsQueryOptions = (region: number) =>
  queryOptions({
    queryKey: attendanceKeys.shifts(region),
    queryFn: ({ signal }) => getShiftOptions(region, signal),
    staleTime: 5 * 60_000,
  });

export function useShiftOptionsQuery(region: number | null) {
  return useQuery({ ...shiftOptionsQueryOptions(region ?? 0), enabled: region !== null });
}
