/*
 * Kept apart from messages.ts (which holds the spec's messages) so that only the screens that
 * show these texts download them: messages.ts is part of the console's shell
 * (docs/decisions/0042-feature-messages.md).
 */

/** Bulk reassignment of a rider's pending pickups (a rider falls sick). */
export const BULK_REASSIGN_MESSAGES = {
  /** Proposal lines the solver left without a rider. */
  NO_RIDER_ON_DUTY: 'No other rider of its region is on duty with room for it',
  NO_RIDER_IN_SLOT: 'No rider on shift can reach it in its slot',
  /** Commit refusals. */
  NO_LINES: 'Keep at least one pickup to reassign',
  SAME_RIDER: 'Choose a rider other than the one whose pickups are being reassigned',
  DUPLICATE_ORDER: 'Each order can appear only once',
  ORDERS_CHANGED:
    'Some orders changed since the proposal was made; nothing was reassigned. The proposal has been refreshed.',
  /** The 409's field error on each line whose order changed. */
  ORDER_CHANGED: 'This order changed since the proposal was made',
  /** Console texts. */
  BUTTON: 'Reassign all pickups',
  TITLE: 'Reassign all pickups',
  EMPTY: 'This rider has no pending pickups',
  COMMIT: 'Reassign',
  DROP: 'Drop',
  REASON_LABEL: 'Reassignment reason',
  NOTE_LABEL: 'Note (optional)',
  NOTHING_KEPT: 'Every line is dropped or has no rider: nothing to reassign',
  reassigned: (n: number) => `${n} pickup${n === 1 ? '' : 's'} reassigned`,
} as const;
