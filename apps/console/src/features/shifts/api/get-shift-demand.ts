import type { ShiftDemand } from '@dastak/core/entities/shifts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { shiftKeys } from './shift-keys';

/**
 * GET /shift/shift-schedules/demand/?region=&week_start= (beyond the spec): per hour of each day,
 * riders on shift against orders booked. Silent: the grid is still useful without the overlay.
 */
export function getShiftDemand(
  region: number,
  weekStart: string,
  signal?: AbortSignal,
): Promise<ShiftDemand> {
  return api.get('/shift/shift-schedules/demand/', {
    query: { region, weekStart },
    signal,
    silent: true,
  });
}

export const shiftDemandQueryOptions = (region: number, weekStart: string) =>
  queryOptions({
    queryKey: shiftKeys.demand(region, weekStart),
    queryFn: ({ signal }) => getShiftDemand(region, weekStart, signal),
  });

export function useShiftDemandQuery(region: number | null, weekStart: string) {
  return useQuery({
    ...shiftDemandQueryOptions(region ?? 0, weekStart),
    enabled: region !== null,
  });
}

/**
 * The demand the grid shows: each weekday's next occurrence, today included (this week's from
 * today on, next week's before today). The grid is a weekly rota, so a manager reads each column
 * as the coming day of that name; on a Sunday evening Monday's column is tomorrow, not the day
 * six days gone.
 */
export function useComingDemandQuery(region: number | null, weekStart: string, today: number) {
  const thisWeek = useShiftDemandQuery(region, weekStart);
  const nextWeek = useShiftDemandQuery(region, addDays(weekStart, 7));
  const data: ShiftDemand | undefined =
    thisWeek.data && nextWeek.data
      ? {
          ...thisWeek.data,
          days: thisWeek.data.days.map((d) =>
            d.weekday >= today ? d : (nextWeek.data.days.find((n) => n.weekday === d.weekday) ?? d),
          ),
        }
      : undefined;
  return {
    data,
    isFetching: thisWeek.isFetching || nextWeek.isFetching,
    isError: thisWeek.isError || nextWeek.isError,
    refetch: () => Promise.all([thisWeek.refetch(), nextWeek.refetch()]),
  };
}

const addDays = (date: string, n: number) =>
  new Date(Date.parse(`${date}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
