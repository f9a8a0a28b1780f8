/*
 * Form messages the spec leaves unshown, apart from messages.ts so that the console's shell does
 * not carry them (docs/decisions/0042-feature-messages.md); messages.ts re-exports them.
 */

/** Form messages the spec leaves unshown; same voice as VALIDATION. */
export const FORM_VALIDATION = {
  DOB_FUTURE: 'Date of birth can not be in the future',
  INVALID_DATE: 'Enter a valid date',
  INVALID_TIME: 'Enter a valid time',
  PASSWORDS_MISMATCH: 'Passwords must match',
  COMMENT_MAX: 'Must be at most 250 characters',
  SELECT_RIDER: 'Select a rider',
  NOTHING_TO_UPDATE: 'Nothing to update',
  REPORT_RANGE_ORDER: "From date can't be after to date",
  REPORT_RANGE_TOO_LONG: 'A report covers at most 92 days',
} as const;
