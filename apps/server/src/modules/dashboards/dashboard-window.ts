import { DASHBOARD_WINDOW_MAX_DAYS } from '@dastak/core/constants';
import { DASHBOARD_MESSAGES, VALIDATION } from '@dastak/core/messages';
import { endOfKarachiDay, parseKarachi, startOfKarachiDay } from '@dastak/core/rules/karachi-time';
import { validatePickupRange } from '@dastak/core/rules/order-filters';
import { invalid } from '../../lib/domain-errors';

const DAY_MS = 24 * 60 * 60_000;

/**
 * The pickup window of a dashboard call. A missing end takes the Karachi day of the other end
 * (both missing: today), so a console that sends nothing gets today's dashboard. Refused (400)
 * when from is after to (spec §5 messages) or longer than DASHBOARD_WINDOW_MAX_DAYS: the map
 * is not paged, so the window is its bound.
 */
export function pickupWindow(
  q: { pickupFrom?: string; pickupTo?: string },
  now: Date,
): { from: Date; to: Date } {
  const given = {
    from: q.pickupFrom ? (parseKarachi(q.pickupFrom) ?? undefined) : undefined,
    to: q.pickupTo ? (parseKarachi(q.pickupTo) ?? undefined) : undefined,
  };
  const errors = validatePickupRange(given.from, given.to);
  if (errors.pickupFrom || errors.pickupTo) {
    throw invalid(VALIDATION.PICKUP_FROM_AFTER_TO, {
      pickupFrom: [errors.pickupFrom as string],
      pickupTo: [errors.pickupTo as string],
    });
  }
  const from = given.from ?? startOfKarachiDay(given.to ?? now);
  const to = given.to ?? endOfKarachiDay(given.from ?? now);
  if (to.getTime() - from.getTime() > DASHBOARD_WINDOW_MAX_DAYS * DAY_MS) {
    throw invalid(DASHBOARD_MESSAGES.WINDOW_TOO_LONG, {
      pickupTo: [DASHBOARD_MESSAGES.WINDOW_TOO_LONG],
    });
  }
  return { from, to };
}
