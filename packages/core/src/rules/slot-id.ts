import { formatInTimeZone } from 'date-fns-tz';
import { TIME_ZONE } from '../constants';

/**
 * The time-slot id of a pickup: its Karachi start 'HH:mm' (entities/lookups timeSlotIdSchema).
 * Apart from format.ts, which every console screen loads, since only the create page needs it.
 */
export const slotIdOf = (pickup: string | Date): string =>
  formatInTimeZone(new Date(pickup), TIME_ZONE, 'HH:mm');
