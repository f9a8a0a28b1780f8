import { ATTENDANCE_SLOT_MS } from '../constants';

const HOUR_MS = 3_600_000;
export const SLOTS_PER_HOUR = HOUR_MS / ATTENDANCE_SLOT_MS;

export type GridSlot = { startDatetimeslot: string; endDatetimeslot: string; isPresent: boolean };
export type GridCell = { start: Date; end: Date; isPresent: boolean };
export type GridRow = { start: Date; cells: GridCell[] };

/**
 * The online chart of one rider shift (spec §9): 5-minute cells, 12 to an hour row. The grid
 * starts at the first slot, its minutes brought down to a multiple of 5, and ends one hour after
 * the last slot's end. A cell is present only when its slot says so; slots the server has no
 * data for (not sent) are absent. No slots, no grid.
 */
export function attendanceGrid(slots: readonly GridSlot[]): GridRow[] {
  const parsed = slots
    .map((s) => ({
      start: new Date(s.startDatetimeslot).getTime(),
      end: new Date(s.endDatetimeslot).getTime(),
      isPresent: s.isPresent,
    }))
    .filter((s) => Number.isFinite(s.start) && Number.isFinite(s.end))
    .sort((a, b) => a.start - b.start);
  const first = parsed[0];
  if (!first) return [];
  const start = first.start - (first.start % ATTENDANCE_SLOT_MS);
  const end = Math.max(...parsed.map((s) => s.end)) + HOUR_MS;
  const present = new Set(
    parsed.filter((s) => s.isPresent).map((s) => s.start - (s.start % ATTENDANCE_SLOT_MS)),
  );
  const rows: GridRow[] = [];
  for (let rowStart = start; rowStart < end; rowStart += HOUR_MS) {
    const cells: GridCell[] = [];
    for (let i = 0; i < SLOTS_PER_HOUR; i++) {
      const at = rowStart + i * ATTENDANCE_SLOT_MS;
      cells.push({
        start: new Date(at),
        end: new Date(at + ATTENDANCE_SLOT_MS),
        isPresent: present.has(at),
      });
    }
    rows.push({ start: new Date(rowStart), cells });
  }
  return rows;
}
