/*
 * Messages of the shift schedules, the riders on them, breaks and the attendance list: server
 * refusals and the screens' own texts (spec §5's texts stay in messages.ts VALIDATION). Kept apart
 * from messages.ts so the console's shell does not carry them (docs/decisions/0042).
 */

import { BREAK_DURATIONS_MINUTES } from '../constants';
import { VALIDATION } from '../messages';

/** Shift schedules, riders on them and breaks (server refusals; spec §5 texts are in VALIDATION). */
export const SHIFT_MESSAGES = {
  REGION_NOT_FOUND: 'This region does not exist',
  SCHEDULE_NOT_FOUND: 'This shift does not exist',
  WEEK_START_NOT_MONDAY: 'The week must start on a Monday',
  COPY_SAME_WEEKDAY: 'Select a week day other than the shift’s own',
  /** A zero-length shift (issue 28): it would make no dated shift and offer no slot. */
  SAME_START_AND_END: "Start and end time can't be the same",
  RIDER_NOT_FOUND: 'This rider does not exist',
  RIDER_INACTIVE: 'This rider is not active; only active riders can be put on a shift',
  RIDER_OTHER_REGION: 'This rider works in another region; pick a rider of the shift’s region',
  HOTSPOT_OTHER_REGION: 'This hotspot is in another region; pick a hotspot of the shift’s region',
  /** Names the rider (issue 28: a copy of several riders is refused for one of them). */
  riderOverlaps: (rider: string, start: string, end: string, others = 0) =>
    `${rider} is already on a shift from ${start} to ${end} that day` +
    (others > 0 ? ` (and ${others} other ${others === 1 ? 'rider' : 'riders'} of this shift)` : ''),
  BREAK_NOT_IN_PROGRESS: 'A break can only be given while the shift is running',
  BREAK_ALREADY_GIVEN: 'Break already given for this shift',
  BREAK_NOT_ALLOWED: 'Breaks are not allowed for this rider on this shift',
  /** A duration off the fixed list (a missing one is spec §5's 'Break Duration required'). */
  BREAK_DURATION_INVALID: `Break duration must be one of ${BREAK_DURATIONS_MINUTES.join(', ')} minutes`,
  /** The attendance row's note under a Break button the assignment does not allow. */
  NO_BREAKS: 'No breaks on this shift',
  /** Leaving the shift detail with riders not saved (issue 28). */
  LEAVE_UNSAVED_RIDERS: `${VALIDATION.UNSAVED_SHIFT_RIDERS} Leave and discard them?`,
  /** The end-time field's hint: a shift may run to midnight, the end of its day (ADR 0057). */
  MIDNIGHT_END_HINT: 'An end of 12:00 AM (00:00) runs the shift to midnight',
} as const;

/** The attendance list's date filters (GET /shift/rider-shifts/ and its CSV and email). */
export const ATTENDANCE_MESSAGES = {
  START_AFTER_END: "Start date can't be greater than end date",
  END_BEFORE_START: "End date can't be less than start date",
  /**
   * The online chart's caption, the same count as the Online % donut (rules/online-slots.ts):
   * the slots of a running shift still to come are not counted yet. `percent` is formatted.
   */
  onlineCaption: (t: { online: number; counted: number; toCome: number; percent: string }) =>
    t.counted === 0
      ? `No slot of this shift is over yet; ${t.toCome} still to come`
      : t.toCome > 0
        ? `Online in ${t.online} of the ${t.counted} 5-minute slots so far (${t.percent}%); ${t.toCome} still to come`
        : `Online in ${t.online} of the shift's ${t.counted} 5-minute slots (${t.percent}%)`,
} as const;
