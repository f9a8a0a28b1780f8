/*
 * Kept apart from messages.ts (the spec's messages) so only the screens that show them download
 * them (docs/decisions/0042-feature-messages.md). Tube labels: ADR 0062.
 */

import { TUBE_LABEL_MAX, TUBE_LABEL_MIN, TUBES_PER_ORDER_MAX } from '../constants';

export const TUBE_MESSAGES = {
  LABEL_INVALID: `A tube label is ${TUBE_LABEL_MIN} to ${TUBE_LABEL_MAX} letters, digits or dashes`,
  LABELS_TOO_MANY: `At most ${TUBES_PER_ORDER_MAX} tubes per order`,
  LABELS_REPEATED: 'Each tube label may be scanned once',
  labelOnAnotherOrder: (label: string, orderNumber: string) =>
    `Tube ${label} is already on order ${orderNumber}`,
  /** The activity row of a handover that did not account for every tube (verb tubesFlagged). */
  flagged: (rider: string, missing: readonly string[], unknown: readonly string[]) => {
    const parts = [
      missing.length ? `without tube ${missing.join(', ')}` : '',
      unknown.length ? `with unknown tube ${unknown.join(', ')}` : '',
    ].filter(Boolean);
    return `Tube check at handover: ${rider} delivered ${parts.join(' and ')}`;
  },
  /** The collected activity's suffix naming the tubes. */
  collectedTubes: (labels: readonly string[]) =>
    labels.length === 0 ? '' : ` (tube${labels.length > 1 ? 's' : ''} ${labels.join(', ')})`,
  /** The console's order detail. */
  SECTION_TITLE: 'Tubes',
  NONE: 'No tubes scanned',
  HANDED_OVER: 'Handed over',
  MISSING: 'Missing at handover',
  IN_HAND: 'With the rider',
  /** Delivered by a client that sent no handover scans. */
  NOT_CHECKED: 'Not checked at handover',
  COLLECTED: 'Collected',
  /** The rider app's replay of a queued write with a reused key (ADR 0062). */
  REPLAY_DIFFERS:
    'This Idempotency-Key was already used for a different request; send a new key for a new action',
  IDEMPOTENCY_KEY_INVALID: 'Idempotency-Key must be 8 to 100 characters',
} as const;
