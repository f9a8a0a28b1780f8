import type { AttendanceFilterSet } from '../attendance-filters';

/** Query keys of the attendance feature; the break mutation updates and invalidates by these. */
export const attendanceKeys = {
  all: ['attendance'] as const,
  lists: () => ['attendance', 'list'] as const,
  list: (filters: AttendanceFilterSet) => ['attendance', 'list', filters] as const,
  regions: () => ['attendance', 'regions'] as const,
  shifts: (region: number) => ['attendance', 'shifts', region] as const,
  riders: (region: number) => ['attendance', 'riders', region] as const,
  onlineChart: (riderShift: number) => ['attendance', 'online-chart', riderShift] as const,
};
