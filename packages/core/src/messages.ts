import {
  DASHBOARD_WINDOW_MAX_DAYS,
  ORDER_CREATE_LEAD_MINUTES,
  ORDER_CREATE_MAX_DAYS_AHEAD,
  RESCHEDULE_LEAD_MINUTES,
  RESCHEDULE_MAX_DAYS_AHEAD,
  RIDER_MAX_PICKUPS,
} from './constants';

/** Every user-visible message of spec §5 and §8, defined once. */

export const VALIDATION = {
  REQUIRED: 'Required field',
  PHONE_INVALID: 'Must be a valid phone number',
  PHONE_MAX: 'Phone must be at most 11 characters',
  CUSTOMER_PHONE_LENGTH: 'Customer number must be 11 digits',
  /** §5 gives the rule (11 digits or empty) but no text; ADR 0024. */
  SECONDARY_PHONE_LENGTH: 'Secondary phone must be 11 digits',
  FIRST_NAME_MAX: 'First name must be at most 40 characters',
  LAST_NAME_MAX: 'Last name must be at most 40 characters',
  EMAIL_INVALID: 'Email must be a valid email',
  PASSWORD_MIN: 'Must be at least 6 characters long',
  AGE_NOT_NUMBER: 'Age must be a number',
  AGE_MIN: 'Age can not be less than 0',
  AGE_INVALID: 'Invalid age',
  PICKUP_FROM_AFTER_TO: "Pickup from date can't be greater than pickup to date",
  PICKUP_TO_BEFORE_FROM: "Pickup to date can't be less than pickup from date",
  SELECT_ADDRESS_ON_MAP: 'Select address on map',
  CREATE_OR_SELECT_CUSTOMER: 'Create or Select Customer',
  SELECT_RESCHEDULE_TIME: 'Select re-schedule time',
  SELECT_HEAR_ABOUT_US: 'Select hear about us',
  DISCOUNT_MIN: 'Order discount can not be less than 0',
  DISCOUNT_MAX: 'Order discount be less than or equal to 100',
  DISCOUNT_INVALID: 'Invalid order discount',
  SELECT_PATIENT: 'Select Patient',
  CREATE_OR_SELECT_ADDRESS: 'Create or select address',
  SELECT_TEST_TYPE_LOWER: 'Select test type',
  SELECT_PICKUP_TIME: 'Select pickup time',
  SELECT_ORDER_TYPE: 'Please select order type',
  SELECT_ORDER_SOURCE: 'Please select order source',
  ORDER_VALUE_MIN: 'Order value can not be less than 0',
  ORDER_VALUE_INVALID: 'Invalid order value',
  ADDITIONAL_NOTES_MAX: 'Additional notes must be at most 1000 characters',
  SELECT_TEST_TYPE: 'Select Test Type',
  TESTS_REQUIRED_TO_VERIFY: 'Tests are required to verify order',
  TEST_NOT_ALLOWED:
    "This test isn't allowed in home sampling. Please ask the patient to visit the branch",
  SHIFT_START_AFTER_END: "Start time can't be greater than end time",
  SHIFT_END_BEFORE_START: "End time can't be less than start time",
  UNSAVED_SHIFT_RIDERS: 'You have unsaved riders in this shift!',
  SELECT_WEEK_DAY: 'Select week day',
  BREAK_DURATION_REQUIRED: 'Break Duration required',
  RIDER_ALREADY_ADDED: 'Rider already added',
  SELECT_HOTSPOT: 'Please select hotspot!',
  SET_SHIFT_HOTSPOT: 'Set shift hotspot to added rider',
  FILL_THIS_FIELD: 'Please fill this field!',
} as const;

export const ERRORS = {
  GENERIC: 'Something went wrong!',
  SERVER: 'Uh oh, it seems that something has gone wrong on our end',
  NETWORK: 'Network error: please check your internet connection and try again.',
  NOT_FOUND: 'Not found.',
  JWT_EXPIRED: 'jwt expired',
  NOT_AUTHENTICATED: 'Authentication credentials were not provided.',
  INVALID_TOKEN: 'Invalid token.',
  PERMISSION_DENIED: 'You do not have permission to perform this action.',
  INVALID_CREDENTIALS: 'Unable to log in with provided credentials.',
  TOO_MANY_REQUESTS: 'Too many attempts. Please wait a minute and try again.',
  SHUTTING_DOWN: 'The server is restarting. Please try again in a moment.',
  DATABASE_UNAVAILABLE:
    'The service cannot reach its database just now. Please try again in a moment.',
  INVALID_REFRESH_TOKEN: 'Invalid or expired refresh token.',
  INVALID_RESET_TOKEN: 'This password reset link is invalid or has expired.',
  /** An admin deactivating their own account would lock themselves out (ADR 0053). */
  CANNOT_DEACTIVATE_SELF: 'You cannot deactivate your own account.',
  VALIDATION_FAILED: 'Invalid input.',
  FEEDBACK_EXPIRED: 'Feedback links are valid for 48 hours',
  FEEDBACK_INVALID:
    'Something went wrong! Please refresh or visit after sometime to submit your feedback',
  LIVE_LOCATION_EXPIRED: 'Live location links are valid until order is picked',
} as const;

export const EMPTY = {
  NO_RIDERS: 'No riders',
  NO_TASKS: 'No Tasks',
  NO_ORDERS: 'No Orders',
  NO_CUSTOMER_FOUND: 'No customer found',
  NA: 'N/A',
  DASHES: '---',
  LOADING: 'loading...',
} as const;

export const PUBLIC_PAGES = {
  FEEDBACK_HEADING: 'We value your feedback!',
  FEEDBACK_THANKS: 'Thank you for your valuable feedback',
  FEEDBACK_LINK_EXPIRED: 'This link has expired!',
  FEEDBACK_ERROR: 'Something went wrong!',
  LIVE_LOCATION_EXPIRED: 'This link is expired!',
  FEEDBACK_SUBMIT: 'Submit',
  MAPS_REVIEW_INVITE: 'Glad you were happy! Would you review us on Google Maps?',
  MAPS_REVIEW_BUTTON: 'Review us on Google Maps',
  SUPPORT_POINTER: 'For help, call our support line',
  ALREADY_SUBMITTED: 'This feedback has already been submitted.',
  LIVE_YOU: 'You',
  LIVE_RIDER: 'Rider',
  TEST_INFORMATION: 'Test Information',
  /** Beyond the spec (ADR 0038): the ETA and the stops before this one. */
  LIVE_ETA: (minutes: number) =>
    minutes <= 1
      ? 'Your rider is about a minute away'
      : `Your rider is about ${minutes} minutes away`,
  LIVE_STOPS_LEFT: (stops: number) =>
    stops === 1
      ? 'Your rider has 1 more patient to see before you'
      : `Your rider has ${stops} more patients to see before you`,
  LIVE_WAITING_FOR_RIDER: 'Your rider is on the way',
  PDF_FALLBACK: 'Your browser does not support PDFs. Please download the PDF.',
} as const;

export const SUCCESS = {
  PASSWORD_RESET_REQUESTED: 'Password reset has been requested!',
  PASSWORD_CHANGED: 'Password changed successfully!',
  LOGGED_OUT: 'Logged out.',
  RIDER_CREATED: 'Rider created successfully',
  RIDER_UPDATED: 'Rider updated successfully',
  RIDER_FORCE_DELIVERED: 'Rider orders force delivered successfully',
  RIDER_DUTY: 'Rider marked on or off duty successfully',
  RIDER_WILDCARD: 'Rider marked wildcard or un-wildcard successfully',
  RIDER_COVID: 'Rider marked covid or un-covid successfully',
  ORDER_CREATED: (number: string) => `Order created successfully, Order ID: ${number}`,
  ORDER_IN_PROGRESS: 'Order marked in progress',
  ORDER_DELIVERED: 'Order marked as delivered',
  ORDER_VERIFIED: 'Order marked as verified!',
  FOLLOW_UP_SAVED: 'Follow Up Saved!',
  NOTES_SAVED: 'Additional Notes Saved!',
  SCAN_TYPES_SAVED: 'Scan Types Saved!',
  ORDER_REVIEWED: 'Order reviewed or un-reviewed successfully',
  ORDER_FOLLOW_UP_ADDRESSED: 'Order follow up addressed or un-addressed successfully',
  ORDER_LISTING_EMAIL: 'An email of the orders data will be sent to you shortly.',
  CUSTOMER_CREATED: 'Customer created successfully',
  CUSTOMER_UPDATED: 'Customer updated successfully',
  CUSTOMER_ADDRESS_UPDATED: 'Customer address updated successfully',
  CUSTOMER_ADDRESS_DELETED: 'Customer address deleted successfully',
  PATIENT_CREATED: 'Patient created successfully',
  PATIENT_UPDATED: 'Patient updated successfully',
  PATIENT_DELETED: 'Patient deleted successfully',
  SHIFT_CREATED: 'Your shift created successfully',
  RIDER_ADDED_TO_SHIFT: 'Rider added to shift successfully',
  RIDER_SHIFT_UPDATED: 'Rider shift updated successfully',
  RIDER_REMOVED_FROM_SHIFT: 'Rider removed from shift successfully',
  SHIFT_UPDATED: 'Shift updated successfully',
  SHIFT_DELETED: 'Shift deleted successfully',
  SHIFT_COPIED: 'Shift copied successfully',
  ATTENDANCE_LISTING_EMAIL: 'An email of the attendance data will be sent to you shortly.',
  BREAK_GIVEN: 'Break given successfully!',
} as const;

/** Illegal order transition (409). Names the state, as the dispatch issue asks. */
export const illegalTransition = (action: string, stateLabel: string) =>
  `Cannot ${action} an order that is ${stateLabel}.`;

// Form messages live beside this file, out of the console's shell: only form screens read them
// (ADR 0042; the shell room went to the API keys nav entry, ADR 0066).
export { FORM_VALIDATION } from './messages/form-validation';

/** An action refused for the order's vertical (409), e.g. Deliver Order on an X-ray order. */
export const actionNotForVertical = (action: string, verticalLabel: string) =>
  `Cannot ${action} ${verticalLabel} orders.`;

/** Why an otherwise legal order action is refused (409), beyond the state check. */
export const TRANSITION_GUARDS = {
  ONLINE_ONLY: 'Only online orders can be rescheduled or assigned',
  OFFLINE_ONLY: 'Only offline orders can be moved in progress',
  NO_MANUAL_ASSIGNMENT: 'This order does not allow manual assignment',
  FOLLOW_UP_BEFORE_PICKUP: 'Follow up is allowed once the pickup time has passed',
  /** Verify after Mark Wrong Pin: a rider would be sent to a pin staff called wrong. */
  ADDRESS_REQUIRED_TO_VERIFY: 'This order has no valid address to send a rider to',
} as const;

/**
 * Server messages of the order actions that the spec does not word. Same voice as core's
 * messages.ts; server messages, here so the console can show the same words.
 */
export const ORDER_MESSAGES = {
  RIDER_NOT_FOUND: 'Rider not found',
  RIDER_INACTIVE: 'This rider is not active',
  RIDER_OFF_DUTY: 'This rider is off duty',
  RIDER_WRONG_VERTICAL: "This rider does not serve this order's vertical",
  RIDER_NOT_COVID: 'A COVID order needs a COVID rider',
  RIDER_FULL: `This rider already has ${RIDER_MAX_PICKUPS} orders in hand`,
  RIDER_ALREADY_ASSIGNED: 'The order is already assigned to this rider',
  NOT_ASSIGNED_TO_YOU: 'This order is not assigned to you',
  UNKNOWN_REFERENCE: 'Select a valid option',
  UNKNOWN_TEST: 'Unknown test type',
  REGION_MISMATCH: 'The address is not in the selected region',
  REGION_INVALID: 'Select a region of this vertical',
  PICKUP_TOO_SOON: `Pickup time must be at least ${ORDER_CREATE_LEAD_MINUTES} minutes from now`,
  PICKUP_TOO_FAR: `Pickup time can be at most ${ORDER_CREATE_MAX_DAYS_AHEAD} days ahead`,
  RESCHEDULE_TOO_SOON: `Re-schedule time must be at least ${RESCHEDULE_LEAD_MINUTES} minutes from now`,
  RESCHEDULE_TOO_FAR: `Re-schedule date can be at most ${RESCHEDULE_MAX_DAYS_AHEAD} days ahead`,
  /** A slot the time-slots call does not offer now: off shift, off the grid or full (ADR 0021). */
  SLOT_UNAVAILABLE: 'This time slot is no longer available. Please pick another time slot.',
  PARTIAL_ORDER_GONE: 'This partial order was already converted or cancelled',
  SOURCE_ORDER_UNKNOWN: 'The copied order does not exist',
  SOURCE_ORDER_OTHER_VERTICAL: 'The copied order belongs to another vertical',
  TOTAL_MISMATCH: 'Order total does not match the selected tests and discount',
  EDIT_TESTS_XRAY: 'The tests of an X-ray order can not be edited',
  VERTICAL_MISMATCH: "The order's vertical does not match the page",
  EDIT_AFTER_COLLECTION: 'Tests and additional notes can only be edited before collection',
  EDIT_CLOSED_ORDER: 'A delivered or cancelled order can not be edited',
  COLLECTION_CENTER_INVALID: 'Select a collection center of this vertical',
  FORCE_DELIVER_NOT_ALLOWED: 'Force deliver applies to blood riders in the delivering state',
  IDEMPOTENCY_KEY_REUSED: 'This Idempotency-Key was already used with a different request',
  ORDER_TYPE_FIXED: 'Order type is always 1; Regular or Hospital is the fulfillment method',
} as const;

/** Success details of actions the spec gives no toast for (§8 lists the others in core). */
export const ORDER_SUCCESS = {
  ASSIGNED: 'Order assigned successfully',
  REASSIGNED: 'Order re-assigned successfully',
  CANCELLED: 'Order cancelled successfully',
  RESCHEDULED: 'Order re-scheduled successfully',
  REACHED: 'Order marked as reached',
  COLLECTED: 'Order marked as collected',
  PROBLEM: 'Problem reported',
} as const;

/** Messages of the customer, patient and address endpoints the spec leaves unshown. */
export const CUSTOMER_MESSAGES = {
  PHONE_TAKEN: 'A customer with this phone number already exists',
  CUSTOMER_UNKNOWN: 'The customer does not exist',
  PATIENT_OTHER_CUSTOMER: 'A patient can not be moved to another customer',
  CITY_INVALID: 'Select a valid city',
  ADDRESS_VERTICAL_MISMATCH: "The address's vertical does not match the page",
  VERIFY_INVALID_ADDRESS: 'Only an address inside a region can be verified',
} as const;

/** Messages of the partial-order endpoints (POST from a channel, cancel); the spec shows none. */
export const PARTIAL_ORDER_MESSAGES = {
  CITY_REQUIRED: 'Select a city',
  CITY_INVALID: 'Select a valid city',
  NAME_MAX: 'Name must be at most 80 characters',
  ADDRESS_MAX: 'Address must be at most 1000 characters',
  TIME_SLOT_INVALID: 'Time slot must start with a time, e.g. 10:00 - 11:00',
  PICKUP_IN_PAST: "Pickup time can't be in the past",
  CANCELLED: 'Partial order cancelled',
} as const;

/** Messages of the rider endpoints the spec leaves unshown. */
export const RIDER_MESSAGES = {
  EMAIL_TAKEN: 'A user with this email already exists',
  PHONE_TAKEN: 'A rider with this phone number already exists',
  REGION_INVALID: 'Select a valid region',
  tasksInHand: (n: number) =>
    `Rider has ${n} task${n === 1 ? '' : 's'} in hand; complete or reassign ${n === 1 ? 'it' : 'them'} before going off duty`,
  tasksInHandMove: (n: number) =>
    `Rider has ${n} task${n === 1 ? '' : 's'} in hand; complete or reassign ${n === 1 ? 'it' : 'them'} before moving the rider to the other vertical`,
  NOT_YOUR_ORDER: ORDER_MESSAGES.NOT_ASSIGNED_TO_YOU,
  NO_COLLECTED_ORDERS: 'No collected orders in hand to deliver',
  /** Reached asked for before the lead before the slot (ADR 0055); `from` is reachOpensLabel's. */
  reachTooEarly: (from: string) => `Too early: you can mark this order reached from ${from}`,
  FEEDBACK_BEFORE_COLLECTION: 'Patient feedback can be given once the sample is collected',
  FEEDBACK_ALREADY_GIVEN: 'Patient feedback for this order has already been given',
  FEEDBACK_SAVED: 'Patient feedback saved',
  LOCATION_SAVED: 'Location saved',
  WENT_OFFLINE: 'Rider marked offline',
} as const;

// Input refusals (wrong type, out of range) live beside this file, out of the console's shell:
// only form schemas read them there (ADR 0042, 0066). Re-exported for every other caller.
export { INPUT_MESSAGES } from './messages/input';

/** The realtime stream's own refusals (docs/decisions/0026-realtime-stream.md). */
export const REALTIME_MESSAGES = {
  SCOPE_REQUIRED: 'Choose a region or a city',
} as const;

/** Framework refusals (HTTP), in the `{detail}` shape of every other error. */
export const HTTP_MESSAGES = {
  BAD_JSON: 'The request body is not valid JSON',
  EMPTY_JSON_BODY: 'The request body is empty',
  UNSUPPORTED_MEDIA_TYPE: 'This content type is not supported; send JSON',
  BODY_TOO_LARGE: 'The request body is too large',
  JSON_TOO_DEEP: 'The request body is nested too deeply',
  HEADERS_TOO_LARGE: 'The request line or headers are too large',
  BAD_REQUEST: 'The request could not be read',
  REQUEST_TIMEOUT: 'The request took too long to arrive',
  URL_TOO_LONG: 'The address is too long',
  METHOD_NOT_ALLOWED: 'This method is not allowed here',
} as const;

/** Web push (docs/decisions/0029-web-push.md): refusals, and the notifications' text. Order
 * number and region only: a push service sees when a message goes, so no patient data. */
export const PUSH_MESSAGES = {
  ENDPOINT_NOT_HTTPS: 'The push endpoint must be an https address',
  KEY_INVALID: 'This key is not a valid push subscription key',
  SUBSCRIBED: 'Notifications are on for this browser',
  UNSUBSCRIBED: 'Notifications are off for this browser',
  escalatedTitle: (number: string) => `Order ${number} escalated`,
  escalatedBody: (region: string) => `Moved to Problem in ${region}; it needs a dispatcher.`,
  lateTitle: (number: string) => `Order ${number} is late`,
  lateBody: (region: string, minutes: number) =>
    `No rider assigned in ${region}; ${minutes} mins past the slot start.`,
  /** To the rider's phone (rider app, ADR 0063): both languages, no patient data. */
  riderTaskTitle: (number: string) => `Dastak · ${number}`,
  riderTaskBody: 'New task: open the app · نیا کام: ایپ کھولیں',
} as const;

/** The dashboard calls (docs/decisions/0025-dashboard-calls.md). */
export const DASHBOARD_MESSAGES = {
  WINDOW_TOO_LONG: `The pickup window can be at most ${DASHBOARD_WINDOW_MAX_DAYS} days`,
  DATE_IN_FUTURE: "The date can't be after today",
  /** Why an order is at risk (the at-risk list's cause). */
  atRiskPickupsBefore: (n: number) => `${n} ${n === 1 ? 'pickup' : 'pickups'} before this one`,
  atRiskDistance: (km: number) => `Rider is ${km} km away`,
  atRiskOnBreak: (until: string) => `Rider is on a break until ${until}`,
} as const;

/**
 * Text messages to customers (ADR 0038), sent in English then Urdu in one SMS. `url` is the
 * public link; feedback links say how long they last.
 */
export const CUSTOMER_SMS = {
  riderLiveLocation: (number: string, url: string) =>
    `Dastak: your rider is on the way for order ${number}. Track your rider here: ${url}\n` +
    `دستک: آپ کے آرڈر ${number} کے لیے رائیڈر روانہ ہو چکا ہے۔ رائیڈر کو یہاں دیکھیں: ${url}`,
  orderReview: (number: string, url: string) =>
    `Dastak: your order ${number} is complete. Tell us how we did (link valid for 48 hours): ${url}\n` +
    `دستک: آپ کا آرڈر ${number} مکمل ہو گیا ہے۔ ہمیں اپنی رائے دیں (یہ لنک 48 گھنٹے کے لیے ہے): ${url}`,
  physicalVisit: (url: string) =>
    `Dastak: thank you for visiting us. Please tell us about your visit (link valid for 48 hours): ${url}\n` +
    `دستک: ہمارے پاس آنے کا شکریہ۔ براہِ کرم اپنے دورے کے بارے میں بتائیں (یہ لنک 48 گھنٹے کے لیے ہے): ${url}`,
  croFeedback: (url: string) =>
    `Dastak: thank you for speaking with our support team. Please rate the call (link valid for 48 hours): ${url}\n` +
    `دستک: ہماری سپورٹ ٹیم سے بات کرنے کا شکریہ۔ براہِ کرم کال کے بارے میں رائے دیں (یہ لنک 48 گھنٹے کے لیے ہے): ${url}`,
} as const;

/** Refusals of the public feedback forms' answers (ADR 0038; the spec shows none). */
export const PUBLIC_FORM_MESSAGES = {
  UNKNOWN_QUESTION: 'This question is not on this form',
  DUPLICATE_ANSWER: 'This question is answered more than once',
  STAR_ANSWER: 'Choose from 1 to 5 stars',
  INTERACTION_MISMATCH: 'This answer is for another feedback link',
} as const;

/** Order activity rows of the customer links (ADR 0038): a link texted, or texted again. */
export const LINK_ACTIVITY = {
  SENT: {
    riderLiveLocation: 'Live location link sent to customer',
    orderReview: 'Review link sent to customer',
    physicalVisit: 'Physical visit survey sent to customer',
    croFeedback: 'Support feedback survey sent to customer',
  },
  RESENT: (sent: string, actor: string) => `${sent} again by ${actor}`,
} as const;

/** Refusals of the FHIR API's searches (ADR 0068), sent as an OperationOutcome's diagnostics. */
export const FHIR_MESSAGES = {
  UNKNOWN_PARAMETER: 'This search parameter is not supported here',
  REPEATED_PARAMETER: 'This search parameter may be given only once',
  BAD_DATE:
    'A date search takes a FHIR date or dateTime (with a time zone), after an optional eq, ge, gt, le, lt, sa or eb prefix',
  BAD_COUNT: '_count must be a whole number from 1 to 200',
  BAD_TOKEN: 'This code is not in the parameter’s value set',
  BAD_IDENTIFIER: 'An identifier search needs a value, as [system|]value',
  BAD_REFERENCE: 'A reference search takes a resource id, as [Type/]id',
  BAD_INCLUDE: 'This _include is not supported for this resource',
  BAD_CURSOR: 'This page link is not valid; start the search again',
  BAD_FORMAT: 'This server answers application/fhir+json only',
} as const;
