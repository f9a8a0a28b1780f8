/** Query keys of the shifts feature; mutations invalidate by these prefixes. */
export const shiftKeys = {
  all: ['shifts'] as const,
  regions: () => ['shifts', 'regions'] as const,
  schedules: () => ['shifts', 'schedules'] as const,
  lists: () => ['shifts', 'schedules', 'list'] as const,
  scheduleList: (region: number) => ['shifts', 'schedules', 'list', region] as const,
  schedule: (id: number) => ['shifts', 'schedules', 'detail', id] as const,
  demand: (region: number, weekStart: string) => ['shifts', 'demand', region, weekStart] as const,
  demands: () => ['shifts', 'demand'] as const,
  regionRiders: (region: number) => ['shifts', 'region-riders', region] as const,
  regionHotspots: (region: number) => ['shifts', 'region-hotspots', region] as const,
};
