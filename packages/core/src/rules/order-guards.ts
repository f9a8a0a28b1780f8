import { ERRORS, TRANSITION_GUARDS, VALIDATION } from '../messages';
import {
  type Actor,
  canTransition,
  ORDER_TRANSITIONS,
  type OrderAction,
  transitionError,
} from '../order-transitions';
import type { PermissionName } from '../permissions';
import type { FulfillmentMethod, OrderState, Vertical } from '../states';

/** Order facts behind the gates of spec §2.6 and §4 that are not states. */
export type OrderFacts = {
  fulfillmentMethod?: FulfillmentMethod;
  allowManualAssignment?: boolean;
  testCount?: number;
  /**
   * The order's address is still there: Mark Wrong Pin and Delete Address delete it. The server
   * reads it from the address row, the console from the detail's `customerAddress.deleted`.
   * Unknown (undefined) is not checked.
   */
  addressUsable?: boolean;
  pickup?: Date;
  now?: Date;
};

/** The message refusing an action the state table allows, or null when nothing blocks it. */
export function transitionBlocker(
  action: OrderAction,
  facts: OrderFacts,
  actor?: Actor,
): string | null {
  const online = facts.fulfillmentMethod !== 'offline';
  switch (action) {
    case 'verify':
      // An online order goes to a rider: not to an address marked wrong or deleted.
      if (online && facts.addressUsable === false)
        return TRANSITION_GUARDS.ADDRESS_REQUIRED_TO_VERIFY;
      return (facts.testCount ?? 0) > 0 ? null : VALIDATION.TESTS_REQUIRED_TO_VERIFY;
    case 'assign':
    case 'reassign':
      if (!online) return TRANSITION_GUARDS.ONLINE_ONLY;
      if (actor !== 'system' && facts.allowManualAssignment === false)
        return TRANSITION_GUARDS.NO_MANUAL_ASSIGNMENT;
      return null;
    case 'reschedule':
      return online ? null : TRANSITION_GUARDS.ONLINE_ONLY;
    case 'offlineInProgress':
      return online ? TRANSITION_GUARDS.OFFLINE_ONLY : null;
    case 'followUp': {
      const now = facts.now ?? new Date();
      return facts.pickup && facts.pickup.getTime() > now.getTime()
        ? TRANSITION_GUARDS.FOLLOW_UP_BEFORE_PICKUP
        : null;
    }
    default:
      return null;
  }
}

/** An order as the console holds it: its state and vertical plus the facts of the guards. */
export type OrderActionSubject = OrderFacts & { state: OrderState; vertical: Vertical };

/**
 * Why staff holding `permissions` may not take `action` on this order now, or null when they
 * may: the permission, the vertical, the state table and the guards, checked in the order the
 * server checks them (modules/orders/order-action.ts), so a button shown is an action the
 * server accepts.
 */
export function staffActionBlocker(
  action: OrderAction,
  order: OrderActionSubject,
  permissions: readonly string[],
): string | null {
  const role = ORDER_TRANSITIONS[action].rules
    .map((r) => r.actor)
    .find((a): a is PermissionName => a !== 'rider' && a !== 'system' && permissions.includes(a));
  if (!role) return ERRORS.PERMISSION_DENIED;
  if (!canTransition(action, order.state, order.vertical, role)) {
    return transitionError(action, order.state, order.vertical);
  }
  return transitionBlocker(action, order, role);
}

/** Whether staff holding `permissions` may take `action` on this order now. */
export const canStaffTakeAction = (
  action: OrderAction,
  order: OrderActionSubject,
  permissions: readonly string[],
): boolean => staffActionBlocker(action, order, permissions) === null;
