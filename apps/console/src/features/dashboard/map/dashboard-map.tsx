import { DEFAULT_MAP_CENTER, DEFAULT_MAP_ZOOM } from '@dastak/core/constants';
import type { Region } from '@dastak/core/entities/locations';
import type { OrderMapItem } from '@dastak/core/entities/orders';
import type { RiderSummary } from '@dastak/core/entities/riders';
import type { Vertical } from '@dastak/core/states';
import { Stack } from '@mantine/core';
import { lazy, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { AppMap } from '../../../components/map/app-map';
import type { RiderPositions } from '../live/rider-positions';
import { CollectionCentersLayer } from './collection-centers-layer';
import { LayerSwitches } from './layer-switches';
import type { MapLayerKey } from './map-layers';
import { MarkerClick } from './marker-click';
import type { Picker } from './marker-picking';
import { OrderLayer } from './order-layer';
import { InvalidateSize, Recenter } from './recenter';
import { BlacklistedAreas, RegionBoundary, RegionCells } from './region-shapes';
import { RiderLayer } from './rider-layer';
import { useMapLayers } from './use-map-layers';

// The popups open only on a click, so they load then: the map must show within its bundle
// budget (250 kB gzipped, vite.config.ts), which they would otherwise count against.
const OrderPopup = lazy(() => import('./order-popup').then((m) => ({ default: m.OrderPopup })));
const SelectedRider = lazy(() =>
  import('./rider-popup').then((m) => ({ default: m.SelectedRider })),
);

/** The layers a region offers (spec §2.5): centers and cells are blood only, cells need hyperlocal. */
function availableLayers(vertical: Vertical, region: Region): Set<MapLayerKey> {
  const keys = new Set<MapLayerKey>(['riders', 'orders', 'boundary']);
  if (vertical === 'blood') keys.add('centers');
  if (vertical === 'blood' && region.isHyperlocalModeEnabled && region.cells.length > 0) {
    keys.add('cells');
  }
  if (region.blackListedAreas.length > 0) keys.add('blacklisted');
  return keys;
}

/**
 * The region's live map (spec §2.5): riders, orders, collection centers, boundary, cells and
 * blacklisted areas, each behind a remembered switch; order and rider popups.
 */
export function DashboardMap({
  vertical,
  region,
  orders,
  riders,
  positions,
  height,
  orderDetailHref,
  canCancel,
  onCancelOrder,
}: {
  vertical: Vertical;
  region: Region;
  orders: readonly OrderMapItem[];
  riders: readonly RiderSummary[];
  positions: RiderPositions;
  height: number | string;
  orderDetailHref: (order: OrderMapItem) => string;
  canCancel: (order: OrderMapItem) => boolean;
  onCancelOrder: (order: OrderMapItem) => void;
}) {
  const [layers, setLayer] = useMapLayers();
  const available = useMemo(() => availableLayers(vertical, region), [vertical, region]);
  const shown = (key: MapLayerKey) => available.has(key) && layers[key];
  const [selectedOrder, setSelectedOrder] = useState<OrderMapItem | null>(null);
  const [selectedRiderId, setSelectedRiderId] = useState<number | null>(null);
  const selectedRider = riders.find((r) => r.id === selectedRiderId) ?? null;
  // A closing popup fires after the next one opened: clear only the selection it belonged to.
  const closeOrder = useCallback(
    (id: number) => setSelectedOrder((s) => (s?.id === id ? null : s)),
    [],
  );
  const closeRider = useCallback(
    (id: number) => setSelectedRiderId((s) => (s === id ? null : s)),
    [],
  );
  // A click on the map away from any marker closes the popup that is open (marker-click.tsx).
  const closePopups = useCallback(() => {
    setSelectedOrder(null);
    setSelectedRiderId(null);
  }, []);
  const riderPicker = useRef<Picker | null>(null);
  const orderPicker = useRef<Picker | null>(null);
  const pickers = useMemo(() => [riderPicker, orderPicker], []);
  const center = region.centerPoint ?? DEFAULT_MAP_CENTER;
  const zoom = region.zoomLevel ?? DEFAULT_MAP_ZOOM;
  const currentOrder = selectedOrder && orders.find((o) => o.id === selectedOrder.id);

  return (
    <Stack gap="xs">
      <LayerSwitches layers={layers} available={available} onChange={setLayer} />
      <div
        data-testid="dashboard-map"
        data-region={region.id}
        data-riders={shown('riders') ? riders.length : 0}
        data-orders={shown('orders') ? orders.length : 0}
      >
        <AppMap label="Dashboard map" center={center} zoom={zoom} height={height}>
          <Recenter center={center} zoom={zoom} />
          <InvalidateSize watch={height} />
          <MarkerClick pickers={pickers} onMiss={closePopups} />
          {shown('boundary') && <RegionBoundary region={region} />}
          {shown('blacklisted') && <BlacklistedAreas region={region} />}
          {shown('cells') && <RegionCells region={region} />}
          {shown('centers') && <CollectionCentersLayer regionId={region.id} />}
          {shown('orders') && (
            <OrderLayer orders={orders} onSelect={setSelectedOrder} picker={orderPicker} />
          )}
          {shown('riders') && (
            <RiderLayer
              riders={riders}
              positions={positions}
              onSelect={setSelectedRiderId}
              picker={riderPicker}
            />
          )}
          <Suspense fallback={null}>
            {shown('orders') && currentOrder && (
              <OrderPopup
                key={currentOrder.id}
                order={currentOrder}
                detailHref={orderDetailHref(currentOrder)}
                canCancel={canCancel(currentOrder)}
                onCancel={() => onCancelOrder(currentOrder)}
                onClose={() => closeOrder(currentOrder.id)}
              />
            )}
            {shown('riders') && selectedRider && (
              <SelectedRider
                key={selectedRider.id}
                rider={selectedRider}
                positions={positions}
                onClose={() => closeRider(selectedRider.id)}
              />
            )}
          </Suspense>
        </AppMap>
      </div>
    </Stack>
  );
}
