import { karachiDateString } from '@dastak/core/rules/karachi-time';
import { useMinuteNow } from '../../../lib/shared-clock';

/**
 * Today's Karachi date (yyyy-MM-dd), re-read each minute: a dashboard left open overnight moves
 * its "today" calls to the new day on their own. Only the date string reaches the query keys.
 */
export function useKarachiToday(): string {
  return karachiDateString(new Date(useMinuteNow()));
}
