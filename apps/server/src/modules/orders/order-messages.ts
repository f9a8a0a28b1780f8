import {
  ORDER_CREATE_LEAD_MINUTES,
  ORDER_CREATE_MAX_DAYS_AHEAD,
  RESCHEDULE_MAX_DAYS_AHEAD,
  RIDER_MAX_PICKUPS,
} from '@dastak/core/constants';

/**
 * Server messages of the order actions that the spec does not word. Same voice as core's
 * messages.ts; candidates to move there once the console shows them.
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
  RESCHEDULE_IN_PAST: "Re-schedule time can't be in the past",
  RESCHEDULE_TOO_FAR: `Re-schedule date can be at most ${RESCHEDULE_MAX_DAYS_AHEAD} days ahead`,
  PARTIAL_ORDER_GONE: 'This partial order was already converted or cancelled',
  SOURCE_ORDER_UNKNOWN: 'The copied order does not exist',
  VERTICAL_MISMATCH: "The order's vertical does not match the page",
  EDIT_AFTER_COLLECTION: 'Tests and additional notes can only be edited before collection',
  EDIT_CLOSED_ORDER: 'A delivered or cancelled order can not be edited',
  COLLECTION_CENTER_INVALID: 'Select a collection center of this vertical',
  FORCE_DELIVER_NOT_ALLOWED: 'Force deliver applies to blood riders in the delivering state',
  IDEMPOTENCY_KEY_REUSED: 'This Idempotency-Key was already used with a different request',
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
