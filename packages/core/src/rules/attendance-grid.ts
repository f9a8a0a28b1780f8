import { ATTENDANCE_SLOT_MS } from '../constants';
import {
  type Instant,
  isShiftSlot,
  type ShiftSpan,
  type SlotState,
  slotState,
} from './online-slots';

const HOUR_MS = 3_600_000;
export const SLOTS_PER_HOUR = HOUR_MS / ATTENDANCE_SLOT_MS;

export type GridSlot = { startDatetimeslot: string; endDatetimeslot: string; isPresent: boolean };
export type GridCell = {
  start: Date;
  end: Date;
  isPresent: boolean;
  /** online, offline once over, or not yet (rules/online-slots.ts); never not yet without `now`. */
  state: SlotState;
  /** One of the shift's own slots (always true without `span`). */
  inShift: boolean;
};
export type GridRow = { start: Date; cells: GridCell[] };

/**
 * The online chart of one rider shift (spec §9): 5-minute cells, 12 to an hour row. The grid
 * starts at the first slot, its minutes brought down to a multiple of 5, and ends one hour after
 * the last slot's end. A cell is present only when its slot says so; slots the server has no
 * data for (not sent) are absent. No slots, no grid.
 *
 * With the shift's `span` the grid also covers every slot of the shift (from its first slot, and
 * to its end when that is later), so it draws the same slots the caption and the Online % donut
 * count; with `now` a cell not over yet and not online is 'not-yet' rather than offline (ADR 0057).
 */
export function attendanceGrid(
  slots: readonly GridSlot[],
  options: { span?: ShiftSpan; now?: Instant } = {},
): GridRow[] {
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
  const { span } = options;
  const now = options.now ?? Number.POSITIVE_INFINITY;
  let start = first.start - (first.start % ATTENDANCE_SLOT_MS);
  let end = Math.max(...parsed.map((s) => s.end)) + HOUR_MS;
  if (span) {
    const shiftStart = new Date(span.startDatetime).getTime();
    start = Math.min(start, shiftStart - (shiftStart % ATTENDANCE_SLOT_MS));
    end = Math.max(end, new Date(span.endDatetime).getTime());
  }
  const present = new Set(
    parsed.filter((s) => s.isPresent).map((s) => s.start - (s.start % ATTENDANCE_SLOT_MS)),
  );
  // Outside a shift span nothing is cut short: a cell is over 5 minutes after it starts.
  const whole: ShiftSpan = { startDatetime: 0, endDatetime: 0 };
  const rows: GridRow[] = [];
  for (let rowStart = start; rowStart < end; rowStart += HOUR_MS) {
    const cells: GridCell[] = [];
    for (let i = 0; i < SLOTS_PER_HOUR; i++) {
      const at = rowStart + i * ATTENDANCE_SLOT_MS;
      const isPresent = present.has(at);
      cells.push({
        start: new Date(at),
        end: new Date(at + ATTENDANCE_SLOT_MS),
        isPresent,
        state: slotState(at, isPresent, span ?? whole, now),
        inShift: span ? isShiftSlot(at, span) : true,
      });
    }
    rows.push({ start: new Date(rowStart), cells });
  }
  return rows;
}
