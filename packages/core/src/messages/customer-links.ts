/*
 * Kept apart from messages.ts (which holds the spec's messages) so that only the screens that
 * show these texts download them: messages.ts is part of the console's shell
 * (docs/decisions/0042-feature-messages.md).
 */

/** Staff-side texts of the customer links (ADR 0038). */
export const LINK_MESSAGES = {
  SURVEY_SENT: 'Survey sent to the customer',
  MESSAGE_RESENT: 'Message sent again',
  LINK_EXPIRED: 'This link has expired; it can not be sent again.',
  CUSTOMER_HAS_NO_PHONE: 'This customer has no phone number to send to',
  ORDER_NOT_CUSTOMERS: 'The order does not belong to this customer',
  SURVEY_FORM_LABELS: { physicalVisit: 'Physical visit review', croFeedback: 'Support feedback' },
  /** A link's state as staff see it (ADR 0051); never its URL. */
  LINK_STATE_LABELS: {
    sent: 'Sent',
    opened: 'Opened',
    completed: 'Completed',
    expired: 'Expired',
  },
  LINK_KIND_LABELS: {
    orderReview: 'Order review',
    physicalVisit: 'Physical visit review',
    croFeedback: 'Support feedback',
    riderLiveLocation: 'Live location',
  },
} as const;
