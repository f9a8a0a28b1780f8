/*
 * Kept apart from messages.ts (which holds the spec's messages) so that only the screens that
 * show these texts download them (docs/decisions/0042-feature-messages.md): messages.ts rides in
 * every console screen's shell, and these are the order actions' (ADR 0058 moved them, to keep
 * the orders list within its bundle budget).
 */

/**
 * Why DELETE /entity/customer_address/{id}/ with an order id (Delete Address on order detail,
 * Mark Wrong Pin on an unverified order) is refused (409); spec §2.6 and §4 give the rules only.
 */
export const ADDRESS_DELETE_MESSAGES = {
  ORDER_OFFLINE: 'Only the address of an online order can be deleted',
  ADDRESS_INVALID: 'Only a valid address can be deleted',
  WRONG_PIN_UNVERIFIED: 'Only a verified and valid address can be marked as a wrong pin',
  WRONG_PIN_ORDER_NOT_UNVERIFIED: 'A wrong pin can only be marked on an unverified order',
  NOT_ORDER_ADDRESS: "This address is not the order's address",
  ID_MISMATCH: 'The address id in the body does not match the address in the path',
} as const;
