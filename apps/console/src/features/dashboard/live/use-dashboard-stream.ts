import { REALTIME_INVALIDATE_BATCH_MS } from '@dastak/core/constants';
import type { RealtimeEvent } from '@dastak/core/entities/realtime';
import type { RiderSummary } from '@dastak/core/entities/riders';
import type { Vertical } from '@dastak/core/states';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { StreamScope, StreamStatus } from '../../../lib/realtime/realtime-connection';
import { dashboardKeys } from '../api/dashboard-keys';
import type { RiderPositions } from './rider-positions';

/** Replaces (or adds, or drops when it went offline) one rider of a cached riders list. */
function mergeRider(list: RiderSummary[] | undefined, rider: RiderSummary) {
  if (!list) return list;
  const rest = list.filter((r) => r.id !== rider.id);
  if (!rider.isOnline) return rest;
  const index = list.findIndex((r) => r.id === rider.id);
  if (index === -1) return [...list, rider];
  const next = [...list];
  next[index] = rider;
  return next;
}

/**
 * Keeps a dashboard live from the tab's stream (docs/decisions/0027): positions go to the
 * marker store (no refetch), a rider's new state replaces it in the riders cache, order and
 * stats events invalidate what they change (gathered over REALTIME_INVALIDATE_BATCH_MS so a
 * burst refetches once), and `hello` resyncs everything fetched before the connection opened.
 */
export function useDashboardStream({
  vertical,
  scope,
  positions,
}: {
  vertical: Vertical;
  scope: StreamScope | null;
  positions: RiderPositions;
}): StreamStatus {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<StreamStatus>('connecting');
  const regionId = scope && 'regionId' in scope ? scope.regionId : null;
  const cityId = scope && 'cityId' in scope ? scope.cityId : null;

  useEffect(() => {
    if (regionId === null && cityId === null) return;
    const ridersKey =
      regionId !== null
        ? dashboardKeys.riders(vertical, regionId)
        : dashboardKeys.cityRiders(vertical, cityId ?? 0);
    const due = new Map<string, QueryKey>();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const invalidate = (...keys: QueryKey[]) => {
      for (const key of keys) due.set(JSON.stringify(key), key);
      timer ??= setTimeout(() => {
        timer = undefined;
        const keysNow = [...due.values()];
        due.clear();
        for (const queryKey of keysNow) void queryClient.invalidateQueries({ queryKey });
      }, REALTIME_INVALIDATE_BATCH_MS);
    };

    const onEvent = (event: RealtimeEvent, requestedAt: number) => {
      switch (event.type) {
        case 'hello':
          // Whatever was fetched before this connection was asked for may have missed events.
          void queryClient.invalidateQueries({
            queryKey: dashboardKeys.all,
            predicate: (q) => q.state.dataUpdatedAt < requestedAt,
          });
          return;
        case 'riderPosition':
          positions.update(event.data);
          return;
        case 'riderState':
          queryClient.setQueryData<RiderSummary[]>(ridersKey, (list) =>
            mergeRider(list, event.data.rider),
          );
          // The rider list panel groups every rider of the region by state and duty.
          if (regionId !== null) {
            invalidate(
              dashboardKeys.riderStats(regionId),
              dashboardKeys.riderRoster(vertical, regionId),
            );
          }
          return;
        case 'orderState':
          if (regionId === null || event.data.vertical !== vertical) return;
          invalidate(
            dashboardKeys.mapOrders(vertical, regionId),
            dashboardKeys.lateOrders(vertical, regionId),
            dashboardKeys.atRisk(vertical, regionId),
            dashboardKeys.samplesInTransit(vertical, regionId),
          );
          return;
        case 'statsInvalidated':
          if (regionId === null || event.data.vertical !== vertical) return;
          invalidate(dashboardKeys.orderStats(vertical, regionId));
          return;
      }
    };

    // The stream client (with the event schemas, hence zod) loads after the map has shown:
    // it is not part of the dashboard's bundle budget (docs/decisions/0027).
    let close = () => {};
    let unmounted = false;
    void import('../../../lib/realtime/realtime-connection').then(({ connectRealtime }) => {
      if (unmounted) return;
      close = connectRealtime({
        scope: regionId !== null ? { regionId } : { cityId: cityId ?? 0 },
        onEvent,
        onStatus: setStatus,
      });
    });
    return () => {
      unmounted = true;
      close();
      clearTimeout(timer);
    };
  }, [queryClient, vertical, regionId, cityId, positions]);

  return status;
}
