/*
 * Messages of breaks and the attendance list: server refusals and the attendance screen's own
 * texts. Kept apart from messages.ts so the console's shell does not carry them, and from
 * messages/shifts.ts so the shift and attendance screens share no chunk of them (ADR 0042, 0057).
 */

/** Breaks on a rider shift (PUT /shift/rider-shifts/{id}/ and the Break button). */
export const BREAK_MESSAGES = {
  BREAK_NOT_IN_PROGRESS: 'A break can only be given while the shift is running',
  BREAK_ALREADY_GIVEN: 'Break already given for this shift',
  BREAK_NOT_ALLOWED: 'Breaks are not allowed for this rider on this shift',
  /** The attendance row's note under a Break button the assignment does not allow. */
  NO_BREAKS: 'No breaks on this shift',
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
