/*
 * Messages of the shift schedules and the riders on them: server refusals and the shift screens'
 * own texts (spec §5's texts stay in messages.ts VALIDATION; breaks and the attendance list are
 * messages/attendance.ts). Kept apart from messages.ts so the console's shell does not carry them,
 * and from the attendance texts so the two screens share no chunk of them (docs/decisions/0042).
 */

import { BREAK_DURATIONS_MINUTES } from '../constants';
import { VALIDATION } from '../messages';

/** Shift schedules and the riders on them (server refusals; spec §5 texts are in VALIDATION). */
export const SHIFT_MESSAGES = {
  REGION_NOT_FOUND: 'This region does not exist',
  SCHEDULE_NOT_FOUND: 'This shift does not exist',
  WEEK_START_NOT_MONDAY: 'The week must start on a Monday',
  COPY_SAME_WEEKDAY: 'Select a week day other than the shift’s own',
  /** A zero-length shift (ADR 0057): it would make no dated shift and offer no slot. */
  SAME_START_AND_END: "Start and end time can't be the same",
  RIDER_NOT_FOUND: 'This rider does not exist',
  RIDER_INACTIVE: 'This rider is not active; only active riders can be put on a shift',
  RIDER_OTHER_REGION: 'This rider works in another region; pick a rider of the shift’s region',
  HOTSPOT_OTHER_REGION: 'This hotspot is in another region; pick a hotspot of the shift’s region',
  /** Names the rider (a copy of several riders is refused for one of them; ADR 0057). */
  riderOverlaps: (rider: string, start: string, end: string) =>
    `${rider} is already on a shift from ${start} to ${end} that day`,
  /**
   * The same when other riders of the shift clash too. A template of its own, with every
   * argument required, so the catalogue's checks (route-walk.ts) see each form a user can read.
   */
  riderOverlapsAndOthers: (rider: string, start: string, end: string, others: number) =>
    `${rider} is already on a shift from ${start} to ${end} that day` +
    ` (and ${others} other ${others === 1 ? 'rider' : 'riders'} of this shift)`,
  /**
   * A break duration off the fixed list (a missing one is spec §5's 'Break Duration required').
   * Here rather than in messages/attendance.ts: the break's request schema sits in
   * entities/shifts.ts with the schedules', and carries its messages into the shift screens.
   */
  BREAK_DURATION_INVALID: `Break duration must be one of ${BREAK_DURATIONS_MINUTES.join(', ')} minutes`,
  /** Leaving the shift detail with riders not saved (ADR 0057). */
  LEAVE_UNSAVED_RIDERS: `${VALIDATION.UNSAVED_SHIFT_RIDERS} Leave and discard them?`,
  /** The end-time field's hint: a shift may run to midnight, the end of its day (ADR 0057). */
  MIDNIGHT_END_HINT: 'An end of 12:00 AM (00:00) runs the shift to midnight',
} as const;
