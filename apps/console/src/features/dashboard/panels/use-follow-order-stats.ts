import type { Vertical } from '@dastak/core/states';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { dashboardKeys } from '../api/dashboard-keys';
import { useOrderStatsQuery } from '../api/get-order-stats';
import type { PickupWindow } from './dashboard-today';

/**
 * The on-time figures change when orders change state, which is exactly when the stream (or the
 * refresh button) refetches the order counts. So each time the counts arrive anew, the on-time
 * table and bars are marked stale too: one trigger for all of a region's stats, whichever
 * event or button caused it. The counts' query is the Orders panel's own (same key, no request).
 */
export function useFollowOrderStats(vertical: Vertical, regionId: number, window: PickupWindow) {
  const queryClient = useQueryClient();
  const { dataUpdatedAt } = useOrderStatsQuery(vertical, regionId, window);
  const first = useRef(true);
  useEffect(() => {
    if (!dataUpdatedAt) return;
    // The first arrival is the page opening: the on-time calls are already on their way.
    if (first.current) {
      first.current = false;
      return;
    }
    void queryClient.invalidateQueries({ queryKey: dashboardKeys.onTime(vertical, regionId) });
    void queryClient.invalidateQueries({ queryKey: dashboardKeys.dailyStats(vertical, regionId) });
  }, [queryClient, vertical, regionId, dataUpdatedAt]);
}
