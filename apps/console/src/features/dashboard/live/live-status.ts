import { DASHBOARD_FALLBACK_POLL_MS } from '@dastak/core/constants';
import { createContext, useContext } from 'react';
import type { StreamStatus } from '../../../lib/realtime/realtime-connection';

/** The dashboard stream's state, for the panels' queries to poll while it is down. */
export const LiveStatusContext = createContext<StreamStatus>('connecting');

/**
 * A query's refetchInterval on the dashboards: none while the stream delivers changes, a
 * steady poll while it is down (docs/decisions/0027).
 */
export function pollIntervalFor(status: StreamStatus): number | false {
  return status === 'down' ? DASHBOARD_FALLBACK_POLL_MS : false;
}

export function useFallbackPollInterval(): number | false {
  return pollIntervalFor(useContext(LiveStatusContext));
}
