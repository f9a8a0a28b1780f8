import { TRANSITION_GUARDS, VALIDATION } from '../messages';
import type { Actor, OrderAction } from '../order-transitions';
import type { FulfillmentMethod } from '../states';

/** Order facts behind the gates of spec §2.6 and §4 that are not states. */
export type OrderFacts = {
  fulfillmentMethod?: FulfillmentMethod;
  allowManualAssignment?: boolean;
  testCount?: number;
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
