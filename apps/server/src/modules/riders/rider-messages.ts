/**
 * Messages of the rider endpoints that the spec leaves unshown. Same voice as core's
 * FORM_VALIDATION; candidates to move into @dastak/core/messages when core is next touched.
 */
export const RIDER_MESSAGES = {
  EMAIL_TAKEN: 'A user with this email already exists',
  PHONE_TAKEN: 'A rider with this phone number already exists',
  REGION_INVALID: 'Select a valid region',
  tasksInHand: (n: number) =>
    `Rider has ${n} task${n === 1 ? '' : 's'} in hand; complete or reassign ${n === 1 ? 'it' : 'them'} before going off duty`,
  NOT_YOUR_ORDER: 'This order is not assigned to you',
  NO_COLLECTED_ORDERS: 'No collected orders in hand to deliver',
  FEEDBACK_BEFORE_COLLECTION: 'Patient feedback can be given once the sample is collected',
  FEEDBACK_ALREADY_GIVEN: 'Patient feedback for this order has already been given',
  FEEDBACK_SAVED: 'Patient feedback saved',
  LOCATION_SAVED: 'Location saved',
  WENT_OFFLINE: 'Rider marked offline',
} as const;
