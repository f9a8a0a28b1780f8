import type { Order } from '@dastak/core/entities/orders';
import { VALIDATION } from '@dastak/core/messages';
import { ALL_PERMISSIONS, PERMISSIONS } from '@dastak/core/permissions';
import { describe, expect, it } from 'vitest';
import { ORDER_ACTION_BUTTONS, offeredActions } from './order-action-registry';

const NOW = new Date('2026-11-29T10:00:00+05:00');

/** An order as the detail call returns it, with only the facts the gates read. */
function order(over: Partial<Order> = {}): Order {
  return {
    id: 7,
    number: 'B-7',
    state: 'scheduled',
    vertical: 'blood',
    fulfillmentMethod: 'online',
    allowManualAssignment: true,
    isExternal: false,
    pickup: '2026-11-29T14:00:00+05:00',
    scanTypes: [{ id: 1 }],
    customerAddress: { id: 3, verified: true, isValid: true, deleted: false },
    ...over,
  } as unknown as Order;
}

const labels = (o: Order, surface: 'detail' | 'unverified', permissions = ALL_PERMISSIONS) =>
  offeredActions(surface, o, permissions, NOW).map((b) => b.label);

describe('the order action registry', () => {
  it('has one button per action', () => {
    const keys = ORDER_ACTION_BUTTONS.map((b) => b.key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('a user without permissions is offered nothing', () => {
    for (const surface of ['detail', 'unverified'] as const) {
      expect(labels(order({ state: 'unverified' }), surface, [])).toEqual([]);
      expect(labels(order(), surface, [])).toEqual([]);
    }
  });

  it('the unverified detail offers Mark Wrong Pin, Verify Order and Cancel Order', () => {
    const o = order({ state: 'unverified', isUnverified: true });
    expect(labels(o, 'unverified')).toEqual(['Mark Wrong Pin', 'Verify Order', 'Cancel Order']);
  });

  it('after Mark Wrong Pin deleted the address, Verify Order is gone (the server refuses it)', () => {
    const o = order({
      state: 'unverified',
      customerAddress: { id: 3, verified: true, isValid: false, deleted: true },
    } as Partial<Order>);
    expect(labels(o, 'unverified')).toEqual(['Cancel Order']);
  });

  it('a late online order waiting for a rider: reschedule, assign, follow up, copy, address, cancel', () => {
    const late = order({ state: 'needsAssignment', pickup: '2026-11-29T09:00:00+05:00' });
    expect(labels(late, 'detail')).toEqual([
      'Reschedule',
      'Assign',
      'Mark Follow Up',
      'Copy Order',
      'Delete Address',
      'Cancel Order',
    ]);
  });

  it('without the cancel permission there is no Cancel Order', () => {
    const without = ALL_PERMISSIONS.filter((p) => p !== PERMISSIONS.CAN_CANCEL_ORDER);
    expect(labels(order(), 'detail', without)).not.toContain('Cancel Order');
  });

  it('Verify Order with no tests shows, and answers the tests message instead of a dialog', () => {
    const o = order({ state: 'unverified', scanTypes: [] });
    const verify = offeredActions('unverified', o, ALL_PERMISSIONS, NOW).find(
      (b) => b.key === 'verify',
    );
    expect(verify?.refusal?.(o)).toBe(VALIDATION.TESTS_REQUIRED_TO_VERIFY);
    expect(verify?.refusal?.(order({ state: 'unverified' }))).toBeNull();
  });
});
