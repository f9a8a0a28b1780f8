import {
  ORDER_DETAIL_FALLBACK_POLL_MS,
  REALTIME_INVALIDATE_BATCH_MS,
} from '@dastak/core/constants';
import type { RealtimeEvent } from '@dastak/core/entities/realtime';
import { PERMISSIONS } from '@dastak/core/permissions';
import type { Vertical } from '@dastak/core/states';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { StreamStatus } from '../../../lib/realtime/realtime-connection';
import { useHasPermission } from '../../../lib/use-session';
import { orderKeys } from '../api/order-keys';

/**
 * Keeps an open order detail current (ADR 0056): another user's change of the order (a
 * cancel, an assignment, an edit of notes or tests) reaches the page over the tab's realtime
 * stream of the order's region, as it reaches the dashboards (ADR 0026, 0027), and refetches
 * the order and its activity log, so the state badge and the actions follow. Every change of an
 * order writes an activity row, which is what the stream announces as `orderState`.
 *
 * The stream needs CAN_VIEW_DASHBOARD; without it, and while the stream is down, the detail is
 * polled every ORDER_DETAIL_FALLBACK_POLL_MS instead.
 */
export function useOrderLiveUpdates(vertical: Vertical, orderId: number, regionId: number | null) {
  const queryClient = useQueryClient();
  const canStream = useHasPermission(PERMISSIONS.CAN_VIEW_DASHBOARD);
  const [status, setStatus] = useState<StreamStatus>('connecting');

  useEffect(() => {
    const refetch = (olderThan?: number) => {
      for (const queryKey of [orderKeys.detail(vertical, orderId), orderKeys.activities(orderId)]) {
        void queryClient.invalidateQueries({
          queryKey,
          predicate: (q) => olderThan === undefined || q.state.dataUpdatedAt < olderThan,
        });
      }
    };
    // Nothing to follow until the order has loaded (or when there is no such order).
    if (regionId === null) return;
    if (!canStream) {
      const poll = setInterval(() => refetch(), ORDER_DETAIL_FALLBACK_POLL_MS);
      return () => clearInterval(poll);
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    let poll: ReturnType<typeof setInterval> | undefined;
    const onStatus = (next: StreamStatus) => {
      setStatus(next);
      clearInterval(poll);
      poll =
        next === 'down' ? setInterval(() => refetch(), ORDER_DETAIL_FALLBACK_POLL_MS) : undefined;
    };
    const onEvent = (event: RealtimeEvent, requestedAt: number) => {
      // What was read before this connection was asked for may have missed a change.
      if (event.type === 'hello') refetch(requestedAt);
      if (event.type !== 'orderState' || event.data.orderId !== orderId) return;
      // A burst (an action and its follow-ups) refetches once.
      timer ??= setTimeout(() => {
        timer = undefined;
        refetch();
      }, REALTIME_INVALIDATE_BATCH_MS);
    };
    let close = () => {};
    let unmounted = false;
    // The stream client (with the event schemas, hence zod) loads after the page has shown.
    void import('../../../lib/realtime/realtime-connection').then(({ connectRealtime }) => {
      if (unmounted) return;
      close = connectRealtime({ scope: { regionId }, onEvent, onStatus });
    });
    return () => {
      unmounted = true;
      close();
      clearTimeout(timer);
      clearInterval(poll);
    };
  }, [queryClient, canStream, vertical, orderId, regionId]);

  return canStream ? status : 'down';
}
