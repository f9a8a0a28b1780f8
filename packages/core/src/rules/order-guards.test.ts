import { describe, expect, it } from 'vitest';
import { ERRORS, TRANSITION_GUARDS, VALIDATION } from '../messages';
import { ORDER_ACTIONS, type OrderAction, transitionError } from '../order-transitions';
import { PERMISSIONS, ROLE_PERMISSIONS } from '../permissions';
import {
  ACTIVE_STATES,
  CANCELLABLE_STATES,
  MANUALLY_ASSIGNABLE_STATES,
  ORDER_STATES,
  REASSIGNABLE_STATES,
  VERTICALS,
} from '../states';
import { canStaffTakeAction, type OrderActionSubject, staffActionBlocker } from './order-guards';

const now = new Date('2025-03-10T06:00:00Z');
const dispatcher = ROLE_PERMISSIONS.dispatcher;
const agent = ROLE_PERMISSIONS.agent;

const order = (over: Partial<OrderActionSubject> = {}): OrderActionSubject => ({
  state: 'needsAssignment',
  vertical: 'blood',
  fulfillmentMethod: 'online',
  allowManualAssignment: true,
  testCount: 1,
  pickup: new Date(now.getTime() - 30 * 60_000),
  now,
  ...over,
});

describe('staffActionBlocker', () => {
  it('lets a dispatcher assign a waiting online order that allows manual assignment', () => {
    expect(staffActionBlocker('assign', order(), dispatcher)).toBeNull();
    expect(canStaffTakeAction('assign', order({ state: 'problem' }), dispatcher)).toBe(true);
  });

  it('refuses an agent, who lacks the permission, before anything else', () => {
    expect(staffActionBlocker('assign', order(), agent)).toBe(ERRORS.PERMISSION_DENIED);
    expect(staffActionBlocker('cancel', order(), agent)).toBe(ERRORS.PERMISSION_DENIED);
  });

  it('names the state when the table refuses it', () => {
    expect(staffActionBlocker('assign', order({ state: 'assigned' }), dispatcher)).toBe(
      transitionError('assign', 'assigned'),
    );
    // The system may assign scheduled orders; staff may not.
    expect(staffActionBlocker('assign', order({ state: 'scheduled' }), dispatcher)).toBe(
      transitionError('assign', 'scheduled'),
    );
    expect(canStaffTakeAction('reassign', order({ state: 'reached' }), dispatcher)).toBe(true);
    expect(canStaffTakeAction('reassign', order({ state: 'collected' }), dispatcher)).toBe(false);
  });

  it('applies the guards: online, manual assignment, offline, pickup passed, tests', () => {
    const offline = order({ fulfillmentMethod: 'offline' });
    expect(staffActionBlocker('assign', offline, dispatcher)).toBe(TRANSITION_GUARDS.ONLINE_ONLY);
    expect(staffActionBlocker('reschedule', offline, dispatcher)).toBe(
      TRANSITION_GUARDS.ONLINE_ONLY,
    );
    expect(staffActionBlocker('offlineInProgress', offline, dispatcher)).toBeNull();
    expect(staffActionBlocker('offlineInProgress', order(), dispatcher)).toBe(
      TRANSITION_GUARDS.OFFLINE_ONLY,
    );
    expect(staffActionBlocker('assign', order({ allowManualAssignment: false }), dispatcher)).toBe(
      TRANSITION_GUARDS.NO_MANUAL_ASSIGNMENT,
    );
    const ahead = order({ pickup: new Date(now.getTime() + 60_000) });
    expect(staffActionBlocker('followUp', ahead, dispatcher)).toBe(
      TRANSITION_GUARDS.FOLLOW_UP_BEFORE_PICKUP,
    );
    expect(staffActionBlocker('followUp', order(), dispatcher)).toBeNull();
    const unverified = order({ state: 'unverified' });
    expect(staffActionBlocker('verify', unverified, dispatcher)).toBeNull();
    expect(staffActionBlocker('verify', { ...unverified, testCount: 0 }, dispatcher)).toBe(
      VALIDATION.TESTS_REQUIRED_TO_VERIFY,
    );
    // After Mark Wrong Pin: no rider goes to that pin, whatever the tests.
    const wrongPin = { ...unverified, addressUsable: false };
    expect(staffActionBlocker('verify', wrongPin, dispatcher)).toBe(
      TRANSITION_GUARDS.ADDRESS_REQUIRED_TO_VERIFY,
    );
    expect(staffActionBlocker('verify', { ...wrongPin, testCount: 0 }, dispatcher)).toBe(
      TRANSITION_GUARDS.ADDRESS_REQUIRED_TO_VERIFY,
    );
    // An offline order sends no rider: its address does not matter.
    expect(
      staffActionBlocker('verify', { ...wrongPin, fulfillmentMethod: 'offline' }, dispatcher),
    ).toBeNull();
  });

  it('keeps Deliver Order to blood', () => {
    const collected = order({ state: 'collected' });
    expect(staffActionBlocker('deliver', collected, dispatcher)).toBeNull();
    expect(staffActionBlocker('deliver', { ...collected, vertical: 'xray' }, dispatcher)).toBe(
      transitionError('deliver', 'collected', 'xray'),
    );
  });

  it('never offers rider or system actions to staff', () => {
    expect(
      staffActionBlocker('reached', order({ state: 'assigned' }), ROLE_PERMISSIONS.admin),
    ).toBe(ERRORS.PERMISSION_DENIED);
    expect(staffActionBlocker('assignmentFailed', order(), ROLE_PERMISSIONS.admin)).toBe(
      ERRORS.PERMISSION_DENIED,
    );
  });

  it('offers staff exactly the table of ADR 0003, for every state, vertical and method', () => {
    const everything = Object.values(PERMISSIONS);
    // Action -> [from states, verticals, fulfillment methods] as docs/decisions/0003 lists them.
    const expected: Partial<Record<OrderAction, [readonly string[], string[], string[]]>> = {
      verify: [['unverified'], ['blood', 'xray'], ['online', 'offline']],
      assign: [MANUALLY_ASSIGNABLE_STATES, ['blood', 'xray'], ['online']],
      reassign: [REASSIGNABLE_STATES, ['blood', 'xray'], ['online']],
      deliver: [['collected', 'offlineInProgress'], ['blood'], ['online', 'offline']],
      offlineInProgress: [
        ['scheduled', 'needsAssignment', 'problem'],
        ['blood', 'xray'],
        ['offline'],
      ],
      reschedule: [ACTIVE_STATES, ['blood', 'xray'], ['online']],
      cancel: [CANCELLABLE_STATES, ['blood', 'xray'], ['online', 'offline']],
      followUp: [CANCELLABLE_STATES, ['blood', 'xray'], ['online', 'offline']],
    };
    for (const action of ORDER_ACTIONS.filter((a) => a !== 'create')) {
      const [states, verticals, methods] = expected[action] ?? [[], [], []];
      for (const state of ORDER_STATES) {
        for (const vertical of VERTICALS) {
          for (const fulfillmentMethod of ['online', 'offline'] as const) {
            const subject = order({ state, vertical, fulfillmentMethod });
            const allowed =
              states.includes(state) &&
              verticals.includes(vertical) &&
              methods.includes(fulfillmentMethod);
            expect(
              canStaffTakeAction(action, subject, everything),
              `${action} ${state} ${vertical} ${fulfillmentMethod}`,
            ).toBe(allowed);
          }
        }
      }
    }
  });
});
