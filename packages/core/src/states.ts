/** States, codes and groupings of spec §4 and §9. The one place these values live. */

export const VERTICALS = ['blood', 'xray'] as const;
export type Vertical = (typeof VERTICALS)[number];
/** Lookup scope: the two verticals plus 'common' for shared lists. */
export const SCOPES = ['common', 'blood', 'xray'] as const;
export type Scope = (typeof SCOPES)[number];
export const VERTICAL_LABELS: Record<Scope, string> = {
  common: 'COMMON',
  blood: 'BLOOD',
  xray: 'X-RAY',
};

export const ORDER_STATES = [
  'unverified',
  'scheduled',
  'needsAssignment',
  'assigned',
  'reached',
  'collected',
  'delivered',
  'problem',
  'offlineInProgress',
  'cancelled',
] as const;
export type OrderState = (typeof ORDER_STATES)[number];

export const ORDER_STATE_LABELS: Record<OrderState, string> = {
  unverified: 'Unverified',
  scheduled: 'Scheduled',
  needsAssignment: 'Needs Assignment',
  assigned: 'Assigned',
  reached: 'Reached',
  collected: 'Collected',
  delivered: 'Delivered',
  problem: 'Problem',
  offlineInProgress: 'Offline In Progress',
  cancelled: 'Cancelled',
};

/** Groupings table of spec §4. */
export const CANCELLABLE_STATES: readonly OrderState[] = [
  'scheduled',
  'needsAssignment',
  'assigned',
  'reached',
  'problem',
  'offlineInProgress',
  'unverified',
];
/** Also needs order.allowManualAssignment and the 'Can assign order' permission. */
export const MANUALLY_ASSIGNABLE_STATES: readonly OrderState[] = ['problem', 'needsAssignment'];
/** Re-assign applies to the assigned-type states (spec §2.6). */
export const REASSIGNABLE_STATES: readonly OrderState[] = ['assigned', 'reached'];
export const RIDER_NAME_SHOWN_STATES: readonly OrderState[] = [
  'assigned',
  'reached',
  'collected',
  'delivered',
];
export const ACTIVE_STATES: readonly OrderState[] = [
  'scheduled',
  'needsAssignment',
  'assigned',
  'reached',
  'problem',
];
export const DASHBOARD_ORDER_STATES: readonly OrderState[] = ['assigned', 'reached', 'collected'];
/** While in these states with a rider, order detail polls the rider location (spec §4 Polling). */
export const RIDER_POLLING_STATES: readonly OrderState[] = ['assigned', 'reached', 'collected'];

export const isOrderState = (s: string): s is OrderState =>
  (ORDER_STATES as readonly string[]).includes(s);

/** Rider states (spec §4): 0 idle, 1 picking up with capacity, 2 picking up full, 3 delivering. */
export const RIDER_STATES = {
  IDLE: 0,
  PICKING_UP_HAS_CAPACITY: 1,
  PICKING_UP_FULL: 2,
  DELIVERING: 3,
} as const;
export type RiderState = (typeof RIDER_STATES)[keyof typeof RIDER_STATES];
export const RIDER_STATE_LABELS: Record<RiderState, string> = {
  0: 'Idle',
  1: 'Picking Up (Has Capacity)',
  2: 'Picking Up (Full)',
  3: 'Delivering',
};
/**
 * The six tabs of the assign dialog (spec §2.7), in the spec's order: the single re-assign and
 * the bulk reassignment group their riders by these, under these labels.
 */
export const ASSIGNABLE_RIDER_TABS = [
  { group: 'availableRiders', label: 'Available' },
  { group: 'lateRiders', label: 'Late' },
  { group: 'outOfCapacityRiders', label: 'Out of Capacity' },
  { group: 'deliveringRiders', label: 'Delivering' },
  { group: 'outOfRegionRiders', label: 'Out of Region' },
  { group: 'offDutyRiders', label: 'Off Duty' },
] as const;
export const RIDER_BREAK_LABEL = 'Break';
export const RIDER_CONNECTIVITY = { OFFLINE: 0, ONLINE: 1 } as const;

export const RIDER_TASK_TYPES = { PICKUP: 0, DELIVERY: 1, BREAK: 2 } as const;
export type RiderTaskType = (typeof RIDER_TASK_TYPES)[keyof typeof RIDER_TASK_TYPES];

export const USER_TYPES = { RIDER: 1, CUSTOMER: 2, STAFF: 3 } as const;
export type UserType = (typeof USER_TYPES)[keyof typeof USER_TYPES];
export const USER_TYPE_LABELS: Record<UserType, string> = { 1: 'Rider', 2: 'Customer', 3: 'Staff' };

export const GENDERS = { MALE: 1, FEMALE: 2, NOT_DISCLOSED: 3 } as const;
export type Gender = (typeof GENDERS)[keyof typeof GENDERS];
export const GENDER_LABELS: Record<Gender, string> = {
  1: 'Male',
  2: 'Female',
  3: "Don't want to disclose",
};

export const AGE_UNITS = ['YEARS', 'MONTHS', 'DAYS'] as const;
export type AgeUnit = (typeof AGE_UNITS)[number];

export const FULFILLMENT_METHODS = ['online', 'offline'] as const;
export type FulfillmentMethod = (typeof FULFILLMENT_METHODS)[number];

/** Order source flags: Online 1 (label Regular), Offline 2 (label Hospital). */
export const ORDER_TYPES = { ONLINE: 1, OFFLINE: 2 } as const;
export const ORDER_TYPE_LABELS: Record<number, string> = { 1: 'Regular', 2: 'Hospital' };

export const SHIFT_STATES = ['scheduled', 'in-progress', 'completed', 'missed'] as const;
export type ShiftState = (typeof SHIFT_STATES)[number];

export const PARTIAL_ORDER_STATES = ['NEW', 'CONVERTED', 'CANCELLED'] as const;
export type PartialOrderState = (typeof PARTIAL_ORDER_STATES)[number];

/** Weekdays, Monday 0 to Sunday 6. */
export const WEEKDAYS = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;

export const FEEDBACK_QUESTION_TYPES = ['STAR_RATING', 'LONG_FORM_TEXT'] as const;
/** What a customer link opens (ADR 0038); the survey forms are the last two but one. */
export const PUBLIC_LINK_KINDS = [
  'orderReview',
  'physicalVisit',
  'croFeedback',
  'riderLiveLocation',
] as const;
export type PublicLinkKind = (typeof PUBLIC_LINK_KINDS)[number];
export const SURVEY_FORMS = ['physicalVisit', 'croFeedback'] as const;
export type SurveyForm = (typeof SURVEY_FORMS)[number];
/**
 * A customer link as staff see it (ADR 0051): completed (the form answered) wins over expired,
 * expired over opened (the customer's first read), opened over sent.
 */
export const LINK_STATES = ['sent', 'opened', 'completed', 'expired'] as const;
export type LinkState = (typeof LINK_STATES)[number];
/** States of an outbox message (email, push, SMS). */
export const MESSAGE_STATES = ['pending', 'sending', 'sent', 'failed'] as const;
export type MessageState = (typeof MESSAGE_STATES)[number];
/**
 * The customer pages under /app (spec §2.1 public routes): the server answers these paths with the
 * small customer entry (customer.html), not the staff console.
 */
export const PUBLIC_PAGE_ROOTS = [
  'order-review',
  'order-review-success',
  'order-review-expired',
  'order-review-error',
  'physical-visit-review',
  'cro-feedback',
  'cro-feedback-success',
  'cro-feedback-error',
  'cro-feedback-expired',
  'rider-live-location',
  'rider-live-location-link-expired',
] as const;
/** The page path (under the /app base) a link of each kind opens. */
export const publicLinkPath = (kind: PublicLinkKind, id: string): string =>
  ({
    orderReview: `/app/order-review/${id}`,
    physicalVisit: `/app/physical-visit-review/${id}`,
    croFeedback: `/app/cro-feedback/${id}`,
    riderLiveLocation: `/app/rider-live-location/${id}`,
  })[kind];
export const STAR_TITLES = ['Very Bad', 'Bad', 'Okay', 'Good', 'Excellent'] as const;

export const LOOKUP_KINDS = [
  'hearAboutUs',
  'problem',
  'cancellation',
  'reassignment',
  'reschedule',
  'addressType',
  'orderSource',
] as const;
export type LookupKind = (typeof LOOKUP_KINDS)[number];
