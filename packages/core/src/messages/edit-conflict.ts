/*
 * The texts of optimistic concurrency (docs/decisions/0056), apart from messages.ts so
 * that only the screens with edit forms download them (docs/decisions/0042-feature-messages.md).
 */

/**
 * Optimistic concurrency (docs/decisions/0056): an edit sent with the version its form read
 * (If-Match) after someone else saved the record. STALE is the 409's detail; the form shows
 * conflictChanged() with the names of the fields that differ, and a Reload button.
 */
export const EDIT_CONFLICT = {
  STALE: 'Someone else changed this record after you opened it. Reload to see their changes.',
  IF_MATCH_INVALID: 'If-Match must be the ETag the record was read with, e.g. "3"',
  TITLE: 'Changed by someone else',
  RELOAD: 'Reload',
  SOMEONE: 'Someone',
  /** When none of the form's own fields differ (an order's state moved on, say). */
  THIS_RECORD: 'this record',
  THIS_ORDER: 'this order',
  RELOADED: 'The form now shows the latest saved values.',
} as const;

/** 'Sara Khan changed Email and Age since you opened this form.' */
export const conflictChanged = (who: string, what: string) =>
  `${who} changed ${what} since you opened this form.`;
