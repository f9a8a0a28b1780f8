import type { ShiftState } from '../states';

/**
 * The Attendance column of a rider shift (spec §2.11), shared by the screen and the CSV: null
 * (N/A, spec §8) while the shift is still scheduled, since no ping has come yet and the opening
 * window is not over, so presence is not decided; afterwards present or absent (a missed shift's
 * rider is absent). See docs/decisions/0057-shift-attendance-rules.md.
 */
export const presenceOf = (r: {
  isPresent: boolean;
  shift: { state: ShiftState };
}): boolean | null => (r.shift.state === 'scheduled' ? null : r.isPresent);
