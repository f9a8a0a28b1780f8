/*
 * Kept apart from messages.ts (which holds the spec's messages) so that only the screens that
 * show these texts download them (docs/decisions/0042-feature-messages.md).
 */

/** Fasting patients on the create form (docs/decisions/0047-fasting-priority.md). */
export const FASTING_MESSAGES = {
  MORNING_SLOT_WARNING: 'Fasting patient: book a morning slot so they do not wait hungry.',
  LATE_SLOT_CHOSEN:
    'The chosen slot is after the morning: the patient fasts until the rider comes.',
  MORNING_SLOT_GROUP: 'Morning',
  LATER_SLOT_GROUP: 'Later',
} as const;
