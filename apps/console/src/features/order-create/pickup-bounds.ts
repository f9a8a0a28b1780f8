import { ORDER_CREATE_LEAD_MINUTES, ORDER_CREATE_MAX_DAYS_AHEAD } from '@dastak/core/constants';
import { karachiDateString } from '@dastak/core/rules/karachi-time';

const MINUTE = 60_000;

/**
 * The pickup dates a new order may take (spec §5): not before now + the lead time, not past the
 * maximum days ahead, as Karachi calendar dates. The server enforces the same bounds.
 */
export function orderPickupDateBounds(now: Date): { minDate: string; maxDate: string } {
  return {
    minDate: karachiDateString(new Date(now.getTime() + ORDER_CREATE_LEAD_MINUTES * MINUTE)),
    maxDate: karachiDateString(
      new Date(now.getTime() + ORDER_CREATE_MAX_DAYS_AHEAD * 24 * 60 * MINUTE),
    ),
  };
}
