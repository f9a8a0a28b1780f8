import type { Order } from '@dastak/core/entities/orders';
import type { OrderAction } from '@dastak/core/order-transitions';
import { PERMISSIONS } from '@dastak/core/permissions';
import { addressDeleteBlocker } from '@dastak/core/rules/address-delete';
import { type OrderActionSubject, staffActionBlocker } from '@dastak/core/rules/order-guards';

/** What the core guards need of an order, read off the order the detail call returns. */
export function actionSubject(order: Order, now: Date): OrderActionSubject {
  return {
    state: order.state,
    vertical: order.vertical,
    fulfillmentMethod: order.fulfillmentMethod,
    allowManualAssignment: order.allowManualAssignment,
    testCount: order.scanTypes.length,
    addressUsable: !order.customerAddress.deleted,
    pickup: new Date(order.pickup),
    now,
  };
}

/**
 * What an action's gate (order-action-registry.tsx) decides by: the order, the user's
 * permissions, and the blocker the server's own table and guards give for a transition
 * (packages/core/src/order-transitions.ts, rules/order-guards.ts; ADR 0014).
 */
export type GateContext = {
  order: Order;
  permissions: readonly string[];
  /** Why the server would refuse this transition now, or null. */
  blocker: (action: OrderAction) => string | null;
  can: (action: OrderAction) => boolean;
  has: (permission: string) => boolean;
  /** Whether the server would delete the order's address from it (core addressDeleteBlocker). */
  canDeleteAddress: (wrongPin: boolean) => boolean;
};

export function gateContext(order: Order, permissions: readonly string[], now: Date): GateContext {
  const subject = actionSubject(order, now);
  const blocker = (action: OrderAction) => staffActionBlocker(action, subject, permissions);
  const address = order.customerAddress;
  return {
    order,
    permissions,
    blocker,
    can: (action) => blocker(action) === null,
    has: (permission) => permissions.includes(permission),
    canDeleteAddress: (wrongPin) =>
      permissions.includes(PERMISSIONS.CAN_CHANGE_CUSTOMER) &&
      addressDeleteBlocker(
        {
          state: order.state,
          fulfillmentMethod: order.fulfillmentMethod,
          customerAddressId: address.id,
        },
        address,
        wrongPin,
      ) === null,
  };
}
