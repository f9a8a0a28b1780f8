import { canTransition } from '@dastak/core/order-transitions';
import type { OrderState, Vertical } from '@dastak/core/states';
import type { DispatchConfig } from '../modules/dispatch/dispatch-config';

/**
 * The auto-assignment job's pure rules (docs/decisions/0009-dispatch.md), apart from its database
 * work so a simulated day can apply exactly the same ones.
 */

/** Waiting orders whose pickup passed longer ago than this are left to the dispatchers. */
export const LOOKBACK_MS = 6 * 60 * 60_000;

/** The pickup times (epoch ms, inclusive) of the waiting orders one run considers. */
export function waitingWindow(now: number, config: DispatchConfig): { from: number; to: number } {
  return { from: now - LOOKBACK_MS, to: now + config.horizonMinutes * 60_000 };
}

/**
 * The orders nobody could take that go to 'problem' now: pickup within
 * escalateMinutesBeforePickup (or already past) and a state the system may escalate from. The
 * rest wait for a later run, which may find a rider freed up.
 */
export function ordersToEscalate<T extends { id: number; pickup: Date; state: string }>(
  unplaced: readonly T[],
  now: number,
  config: DispatchConfig,
  vertical: Vertical,
): T[] {
  const escalateBefore = now + config.escalateMinutesBeforePickup * 60_000;
  return unplaced.filter(
    (o) =>
      o.pickup.getTime() <= escalateBefore &&
      canTransition('problem', o.state as OrderState, vertical, 'system'),
  );
}
