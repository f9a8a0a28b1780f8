import type { Order } from '@dastak/core/entities/orders';
import { VALIDATION } from '@dastak/core/messages';
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

/** Whether the server would delete the order's address from it (core addressDeleteBlocker). */
function canDeleteAddress(order: Order, wrongPin: boolean) {
  const address = order.customerAddress;
  const subject = {
    state: order.state,
    fulfillmentMethod: order.fulfillmentMethod,
    customerAddressId: address.id,
  };
  return addressDeleteBlocker(subject, address, wrongPin) === null;
}

/** The buttons of the order detail (spec §2.6), each shown only when the server would accept it. */
export type OrderActionGates = {
  reschedule: boolean;
  assign: boolean;
  reassign: boolean;
  moveInProgress: boolean;
  deliver: boolean;
  /** Shown in the unverified state; with no tests the click answers the tests message instead. */
  verify: boolean;
  cancel: boolean;
  followUp: boolean;
  /** Delete Address of the order detail (spec §2.6): valid address, online order, any state. */
  deleteAddress: boolean;
  /** Mark Wrong Pin (unverified detail, spec §2.4, §4): also unverified order, verified address. */
  markWrongPin: boolean;
  copy: boolean;
};

/**
 * One decision per button from the same table and guards the server checks
 * (packages/core/src/order-transitions.ts, rules/order-guards.ts, rules/address-delete.ts;
 * docs/decisions/0014).
 */
export function orderActionGates(
  order: Order,
  permissions: readonly string[],
  now: Date,
): OrderActionGates {
  const subject = actionSubject(order, now);
  const can = (action: OrderAction) => staffActionBlocker(action, subject, permissions) === null;
  const verifyBlocker = staffActionBlocker('verify', subject, permissions);
  const canChangeCustomer = permissions.includes(PERMISSIONS.CAN_CHANGE_CUSTOMER);
  return {
    reschedule: can('reschedule'),
    assign: can('assign'),
    reassign: can('reassign'),
    moveInProgress: can('offlineInProgress'),
    deliver: can('deliver'),
    verify: verifyBlocker === null || verifyBlocker === VALIDATION.TESTS_REQUIRED_TO_VERIFY,
    cancel: can('cancel'),
    followUp: can('followUp'),
    deleteAddress: canChangeCustomer && canDeleteAddress(order, false),
    markWrongPin: canChangeCustomer && canDeleteAddress(order, true),
    copy: permissions.includes(PERMISSIONS.CAN_COPY_ORDER),
  };
}
