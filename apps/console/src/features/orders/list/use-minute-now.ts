import { useSharedNow } from '../../../lib/shared-clock';

/** The current time, moving once a minute, from the clock every minute-grained cell shares. */
export function useMinuteNow(): number {
  return useSharedNow(60_000);
}
