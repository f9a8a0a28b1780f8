import { minutesOfDay } from './shift-time';

export type Laned<T> = { item: T; lane: number; lanes: number };

/**
 * Side-by-side lanes for one day's shifts: overlapping shifts share the column's width, each in
 * the first lane free at its start; a run of overlaps uses as many lanes as it needs at most.
 */
export function layOutLanes<T extends { startTime: string; endTime: string; id: number }>(
  shifts: readonly T[],
): Laned<T>[] {
  const sorted = [...shifts].sort(
    (a, b) => minutesOfDay(a.startTime) - minutesOfDay(b.startTime) || a.id - b.id,
  );
  const out: Laned<T>[] = [];
  let group: Laned<T>[] = [];
  let laneEnds: number[] = [];
  let groupEnd = -1;
  const closeGroup = () => {
    for (const placed of group) placed.lanes = laneEnds.length;
    group = [];
    laneEnds = [];
  };
  for (const item of sorted) {
    const start = minutesOfDay(item.startTime);
    const end = Math.max(minutesOfDay(item.endTime), start + 1);
    if (start >= groupEnd) closeGroup();
    let lane = laneEnds.findIndex((laneEnd) => laneEnd <= start);
    if (lane === -1) lane = laneEnds.length;
    laneEnds[lane] = end;
    groupEnd = Math.max(start >= groupEnd ? end : groupEnd, end);
    const placed = { item, lane, lanes: 1 };
    group.push(placed);
    out.push(placed);
  }
  closeGroup();
  return out;
}
