import type { OrderMapItem } from '@dastak/core/entities/orders';
import { canStaffTakeAction } from '@dastak/core/rules/order-guards';
import type { Vertical } from '@dastak/core/states';
import { Center, Loader, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useSessionUser } from '../../../lib/use-session';
import { loadOrderActionDialog } from '../../orders/public';
import { usePushRegistration } from '../../push/public';
import { dashboardKeys } from '../api/dashboard-keys';
import { useMapOrdersQuery } from '../api/get-map-orders';
import { useRegionRidersQuery } from '../api/get-online-riders';
import { LiveBanner } from '../live/live-banner';
import { LiveStatusContext, pollIntervalFor } from '../live/live-status';
import { RiderPositions } from '../live/rider-positions';
import { useDashboardStream } from '../live/use-dashboard-stream';
import { DashboardMap } from '../map/dashboard-map';
import { pickupWindowOf } from '../panels/dashboard-today';
import { useKarachiToday } from '../panels/use-karachi-today';
import { DashboardToolbar } from './dashboard-toolbar';
import { PlaceSelector } from './place-selector';
import { useRefresh } from './use-refresh';
import { useSelectedRegion } from './use-selected-region';

// The panels (counts, tabs, graph, rider list) load beside the map, not before it: the map is
// what the bundle budget holds to 250 kB (apps/console/vite.config.ts, docs/decisions/0027).
const DashboardPanels = lazy(() =>
  import('../panels/dashboard-panels').then((m) => ({ default: m.DashboardPanels })),
);

// The orders' action dialog, loaded when a popup's Cancel is first clicked.
const OrderActionDialog = lazy(loadOrderActionDialog);

const TITLES: Record<Vertical, string> = { blood: 'Blood Dashboard', xray: 'X-Ray Dashboard' };

/** Map height in basic mode; detail mode gives the map the window (spec §2.5). */
const BASIC_MAP_HEIGHT = 460;
const DETAIL_MAP_HEIGHT = 'calc(100vh - 190px)';

/** The blood and X-ray dashboards (spec §2.5): the live map of a region and its panels. */
export function DashboardPage({ vertical }: { vertical: Vertical }) {
  useDocumentTitle(TITLES[vertical]);
  const queryClient = useQueryClient();
  const { regions, region, select, isError } = useSelectedRegion(vertical);
  const regionId = region?.id ?? null;
  // Web push (spec §7): this browser is alerted for the region its dashboard shows (ADR 0029).
  usePushRegistration(regionId === null ? undefined : [regionId]);
  const [detailMode, setDetailMode] = useState(false);
  // One position store per region: a switch starts the trails afresh.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new store per region and vertical.
  const positions = useMemo(() => new RiderPositions(), [vertical, regionId]);
  const scope = useMemo(() => (regionId === null ? null : { regionId }), [regionId]);
  const status = useDashboardStream({ vertical, scope, positions });
  const poll = pollIntervalFor(status);

  const today = useKarachiToday();
  const pickupWindow = useMemo(() => pickupWindowOf(today), [today]);
  const orders = useMapOrdersQuery(vertical, regionId ?? 0, pickupWindow, poll, regionId !== null);
  const riders = useRegionRidersQuery(vertical, regionId ?? 0, poll, regionId !== null);
  const mappedRiders = useMemo(() => riders.data ?? [], [riders.data]);

  const user = useSessionUser();
  const permissions = useMemo(
    () => user?.userPermissions.map((p) => p.name) ?? [],
    [user?.userPermissions],
  );
  const canCancel = useCallback(
    (order: OrderMapItem) =>
      canStaffTakeAction('cancel', { state: order.state, vertical }, permissions),
    [permissions, vertical],
  );
  const [cancelling, setCancelling] = useState<{ id: number; opened: boolean } | null>(null);

  const refreshKeys = useCallback(
    () =>
      regionId === null
        ? []
        : [
            dashboardKeys.riders(vertical, regionId),
            dashboardKeys.riderStats(regionId),
            dashboardKeys.orderStats(vertical, regionId),
          ],
    [vertical, regionId],
  );
  const { refresh, refreshing } = useRefresh(refreshKeys);

  const afterCancel = () => {
    if (regionId === null) return;
    // The stream reports it too; this covers a paused stream.
    void queryClient.invalidateQueries({ queryKey: dashboardKeys.mapOrders(vertical, regionId) });
    void queryClient.invalidateQueries({ queryKey: dashboardKeys.orderStats(vertical, regionId) });
  };

  return (
    <LiveStatusContext.Provider value={status}>
      <Stack gap="sm" p="md">
        <DashboardToolbar
          title={TITLES[vertical]}
          selector={
            <PlaceSelector
              label="Region"
              places={regions}
              selectedId={regionId}
              onSelect={select}
            />
          }
          detailMode={detailMode}
          onToggleDetailMode={() => setDetailMode((on) => !on)}
          onRefresh={() => void refresh()}
          refreshing={refreshing}
        />
        <LiveBanner status={status} />
        {region ? (
          <>
            <DashboardMap
              vertical={vertical}
              region={region}
              orders={orders.data ?? []}
              riders={mappedRiders}
              positions={positions}
              height={detailMode ? DETAIL_MAP_HEIGHT : BASIC_MAP_HEIGHT}
              orderDetailHref={(order) => `/${vertical}/orders/detail/${order.id}`}
              canCancel={canCancel}
              onCancelOrder={(order) => setCancelling({ id: order.id, opened: true })}
            />
            <Suspense fallback={<Loader size="sm" aria-label="Loading panels" />}>
              <DashboardPanels vertical={vertical} region={region} />
            </Suspense>
          </>
        ) : (
          <Center mih={200}>
            <Text c="dimmed">{isError ? 'Regions could not be loaded.' : 'loading...'}</Text>
          </Center>
        )}
      </Stack>
      {cancelling && (
        <Suspense fallback={null}>
          <OrderActionDialog
            action="cancel"
            target={{ vertical, orderId: cancelling.id }}
            opened={cancelling.opened}
            onClose={() => setCancelling((c) => c && { ...c, opened: false })}
            onDone={afterCancel}
          />
        </Suspense>
      )}
    </LiveStatusContext.Provider>
  );
}
