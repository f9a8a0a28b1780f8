import { describe, expect, it } from 'vitest';
import { TRANSITION_GUARDS, VALIDATION } from './messages';
import {
  ACTIVITY_VERBS,
  activityTint,
  canTransition,
  describeActivity,
  fromStates,
  nextState,
  ORDER_ACTIONS,
  ORDER_TRANSITIONS,
  transitionError,
} from './order-transitions';
import { PERMISSIONS } from './permissions';
import { transitionBlocker } from './rules/order-guards';
import {
  CANCELLABLE_STATES,
  MANUALLY_ASSIGNABLE_STATES,
  ORDER_STATES,
  REASSIGNABLE_STATES,
  VERTICALS,
} from './states';

const now = new Date('2025-03-10T06:00:00Z');
const inMinutes = (n: number) => new Date(now.getTime() + n * 60_000);

describe('cancel', () => {
  it.each(CANCELLABLE_STATES)('is allowed from %s in both verticals', (state) => {
    for (const vertical of VERTICALS) expect(canTransition('cancel', state, vertical)).toBe(true);
    expect(nextState('cancel', state)).toBe('cancelled');
  });

  it.each(['collected', 'delivered', 'cancelled'] as const)('is refused from %s', (state) => {
    expect(canTransition('cancel', state, 'blood')).toBe(false);
  });

  it('names the state in the 409 message', () => {
    expect(transitionError('cancel', 'delivered')).toBe(
      'Cannot cancel an order that is Delivered.',
    );
    expect(transitionError('reassign', 'cancelled')).toBe(
      'Cannot re-assign an order that is Cancelled.',
    );
  });
});

describe('terminal states', () => {
  it.each(['delivered', 'cancelled'] as const)('%s allows no action', (state) => {
    for (const action of ORDER_ACTIONS) {
      expect(canTransition(action, state, 'blood')).toBe(false);
    }
  });
});

describe('create', () => {
  it('goes to unverified when the address is not verified or not valid', () => {
    expect(nextState('create', null, { addressVerified: false })).toBe('unverified');
    expect(nextState('create', null, { addressVerified: true, addressValid: false })).toBe(
      'unverified',
    );
  });

  it('goes to scheduled beyond the auto-assignment horizon, else needs assignment', () => {
    const base = { addressVerified: true, addressValid: true, now };
    expect(nextState('create', null, { ...base, pickup: inMinutes(121) })).toBe('scheduled');
    expect(nextState('create', null, { ...base, pickup: inMinutes(120) })).toBe('needsAssignment');
    expect(nextState('create', null, { ...base, pickup: inMinutes(30), horizonMinutes: 15 })).toBe(
      'scheduled',
    );
  });

  it('only applies to a new order', () => {
    expect(canTransition('create', null, 'xray')).toBe(true);
    expect(canTransition('create', 'needsAssignment', 'xray')).toBe(false);
  });
});

describe('verify', () => {
  it('leaves unverified for needs assignment or scheduled', () => {
    expect(canTransition('verify', 'unverified', 'blood')).toBe(true);
    expect(canTransition('verify', 'needsAssignment', 'blood')).toBe(false);
    expect(nextState('verify', 'unverified', { now, pickup: inMinutes(10) })).toBe(
      'needsAssignment',
    );
    expect(nextState('verify', 'unverified', { now, pickup: inMinutes(600) })).toBe('scheduled');
  });

  it('needs at least one test', () => {
    expect(transitionBlocker('verify', { testCount: 0 })).toBe(VALIDATION.TESTS_REQUIRED_TO_VERIFY);
    expect(transitionBlocker('verify', { testCount: 2 })).toBeNull();
  });
});

describe('assign and reassign', () => {
  it('lets staff assign from the manually assignable states only', () => {
    expect(fromStates('assign', PERMISSIONS.CAN_ASSIGN_ORDER)).toEqual([
      ...MANUALLY_ASSIGNABLE_STATES,
    ]);
    expect(canTransition('assign', 'scheduled', 'blood', PERMISSIONS.CAN_ASSIGN_ORDER)).toBe(false);
  });

  it('lets the system auto-assign from scheduled and needs assignment', () => {
    expect(canTransition('assign', 'scheduled', 'blood', 'system')).toBe(true);
    expect(canTransition('assign', 'needsAssignment', 'xray', 'system')).toBe(true);
    expect(canTransition('assign', 'problem', 'blood', 'system')).toBe(false);
    expect(nextState('assign', 'needsAssignment')).toBe('assigned');
  });

  it('reassigns from the reassignable states and releases the old rider', () => {
    expect(fromStates('reassign')).toEqual([...REASSIGNABLE_STATES]);
    expect(nextState('reassign', 'reached')).toBe('assigned');
    expect(ORDER_TRANSITIONS.reassign.unassignsRider).toBe(true);
  });

  it('is blocked for offline orders and orders without manual assignment', () => {
    expect(transitionBlocker('assign', { fulfillmentMethod: 'offline' })).toBe(
      TRANSITION_GUARDS.ONLINE_ONLY,
    );
    expect(transitionBlocker('reassign', { allowManualAssignment: false })).toBe(
      TRANSITION_GUARDS.NO_MANUAL_ASSIGNMENT,
    );
    expect(transitionBlocker('assign', { allowManualAssignment: false }, 'system')).toBeNull();
  });
});

describe('rider progress', () => {
  it('walks assigned -> reached -> collected -> delivered', () => {
    expect(canTransition('reached', 'assigned', 'blood', 'rider')).toBe(true);
    expect(nextState('reached', 'assigned')).toBe('reached');
    expect(canTransition('collected', 'reached', 'xray', 'rider')).toBe(true);
    expect(canTransition('delivered', 'collected', 'blood', 'rider')).toBe(true);
    expect(canTransition('collected', 'assigned', 'blood')).toBe(false);
    expect(canTransition('reached', 'assigned', 'blood', PERMISSIONS.CAN_CHANGE_ORDER)).toBe(false);
  });
});

describe('deliver (staff)', () => {
  it('is blood only', () => {
    expect(canTransition('deliver', 'collected', 'blood')).toBe(true);
    expect(canTransition('deliver', 'offlineInProgress', 'blood')).toBe(true);
    expect(canTransition('deliver', 'collected', 'xray')).toBe(false);
    expect(transitionError('deliver', 'collected', 'xray')).toBe('Cannot deliver X-RAY orders.');
  });
});

describe('reschedule, offline in progress, problem, follow-up', () => {
  it('reschedules active orders to scheduled, unassigning the rider', () => {
    expect(canTransition('reschedule', 'assigned', 'blood')).toBe(true);
    expect(canTransition('reschedule', 'collected', 'blood')).toBe(false);
    expect(nextState('reschedule', 'assigned')).toBe('scheduled');
    expect(ORDER_TRANSITIONS.reschedule.unassignsRider).toBe(true);
    expect(transitionBlocker('reschedule', { fulfillmentMethod: 'offline' })).toBe(
      TRANSITION_GUARDS.ONLINE_ONLY,
    );
  });

  it('moves offline orders in progress only', () => {
    expect(nextState('offlineInProgress', 'needsAssignment')).toBe('offlineInProgress');
    expect(transitionBlocker('offlineInProgress', { fulfillmentMethod: 'online' })).toBe(
      TRANSITION_GUARDS.OFFLINE_ONLY,
    );
    expect(transitionBlocker('offlineInProgress', { fulfillmentMethod: 'offline' })).toBeNull();
  });

  it('lets riders and the system raise a problem', () => {
    expect(canTransition('problem', 'reached', 'blood', 'rider')).toBe(true);
    expect(canTransition('problem', 'needsAssignment', 'blood', 'system')).toBe(true);
    expect(canTransition('problem', 'needsAssignment', 'blood', 'rider')).toBe(false);
  });

  it('follows up without changing state, once pickup has passed', () => {
    expect(nextState('followUp', 'assigned')).toBe('assigned');
    expect(transitionBlocker('followUp', { pickup: inMinutes(5), now })).toBe(
      TRANSITION_GUARDS.FOLLOW_UP_BEFORE_PICKUP,
    );
    expect(transitionBlocker('followUp', { pickup: inMinutes(-5), now })).toBeNull();
  });
});

describe('table', () => {
  it('names known states, verbs and verticals', () => {
    for (const action of ORDER_ACTIONS) {
      const t = ORDER_TRANSITIONS[action];
      for (const rule of t.rules) for (const s of rule.from) expect(ORDER_STATES).toContain(s);
      expect(ACTIVITY_VERBS).toContain(t.verb);
      expect(t.verticals.length).toBeGreaterThan(0);
      if (typeof t.to === 'string') expect(ORDER_STATES).toContain(t.to);
    }
  });
});

describe('activity', () => {
  it('tints issues and completions', () => {
    expect(activityTint('problem')).toBe('issue');
    expect(activityTint('assignmentFailed')).toBe('issue');
    expect(activityTint('followUp')).toBe('issue');
    expect(activityTint('tubesFlagged')).toBe('issue');
    expect(activityTint('delivered')).toBe('completed');
    expect(activityTint('assigned')).toBe('default');
  });

  it('logs why auto-assignment chose a rider as an untinted verb of no action', () => {
    expect(ACTIVITY_VERBS).toContain('assignmentExplained');
    expect(ORDER_ACTIONS.map((a) => ORDER_TRANSITIONS[a].verb)).not.toContain(
      'assignmentExplained',
    );
    expect(activityTint('assignmentExplained')).toBe('default');
  });

  it('fills descriptions and drops an empty reason', () => {
    expect(describeActivity('cancel', { actor: 'Sara Khan', reason: 'Patient travelling' })).toBe(
      'Cancelled by Sara Khan: Patient travelling',
    );
    expect(describeActivity('cancel', { actor: 'Sara Khan' })).toBe('Cancelled by Sara Khan');
    expect(describeActivity('assign', { rider: 'Ali', actor: 'system' })).toBe(
      'Assigned to Ali by system',
    );
  });
});
