import { describe, expect, it } from 'vitest';
import { ADDRESS_DELETE_MESSAGES as M } from '../messages/address-delete';
import { ORDER_STATES } from '../states';
import {
  type AddressDeleteAddress,
  type AddressDeleteOrder,
  addressDeleteBlocker,
} from './address-delete';

const address = (a: Partial<AddressDeleteAddress> = {}): AddressDeleteAddress => ({
  id: 7,
  verified: true,
  isValid: true,
  ...a,
});
const order = (o: Partial<AddressDeleteOrder> = {}): AddressDeleteOrder => ({
  state: 'unverified',
  fulfillmentMethod: 'online',
  customerAddressId: 7,
  ...o,
});

describe('addressDeleteBlocker', () => {
  it('Delete Address: the order’s own valid address of an online order, in every state', () => {
    for (const state of ORDER_STATES) {
      expect(addressDeleteBlocker(order({ state }), address(), false), state).toBeNull();
      // Not yet verified is no reason to refuse a plain delete (spec §2.6 asks only "valid").
      expect(
        addressDeleteBlocker(order({ state }), address({ verified: false }), false),
        state,
      ).toBeNull();
      expect(addressDeleteBlocker(order({ state }), address({ isValid: false }), false)).toBe(
        M.ADDRESS_INVALID,
      );
    }
  });

  it('Mark Wrong Pin: only on an unverified order with a verified and valid address', () => {
    expect(addressDeleteBlocker(order(), address(), true)).toBeNull();
    for (const state of ORDER_STATES.filter((s) => s !== 'unverified')) {
      expect(addressDeleteBlocker(order({ state }), address(), true), state).toBe(
        M.WRONG_PIN_ORDER_NOT_UNVERIFIED,
      );
    }
    expect(addressDeleteBlocker(order(), address({ verified: false }), true)).toBe(
      M.WRONG_PIN_UNVERIFIED,
    );
    expect(addressDeleteBlocker(order(), address({ isValid: false }), true)).toBe(
      M.WRONG_PIN_UNVERIFIED,
    );
  });

  it('both need the order’s own address and an online order', () => {
    for (const wrongPin of [false, true]) {
      expect(addressDeleteBlocker(order({ customerAddressId: 8 }), address(), wrongPin)).toBe(
        M.NOT_ORDER_ADDRESS,
      );
      expect(addressDeleteBlocker(order({ customerAddressId: null }), address(), wrongPin)).toBe(
        M.NOT_ORDER_ADDRESS,
      );
      expect(
        addressDeleteBlocker(order({ fulfillmentMethod: 'offline' }), address(), wrongPin),
      ).toBe(M.ORDER_OFFLINE);
    }
  });
});
