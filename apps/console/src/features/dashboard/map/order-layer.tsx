import type { OrderMapItem } from '@dastak/core/entities/orders';
import { type CircleMarker, canvas, circleMarker, type LayerGroup, layerGroup } from 'leaflet';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { useMap } from 'react-leaflet';
import { ensureMarkerPane, type Picker, pickNearest } from './marker-picking';
import {
  ORDER_MARKER_COLORS,
  ORDER_MARKER_FALLBACK_COLOR,
  ORDER_MARKER_RING,
} from './marker-styles';

/** An at-risk order (h1's `atRisk`, when the dashboard call carries it) is drawn amber. */
const AT_RISK_COLOR = '#fab005';

function orderColor(order: OrderMapItem): string {
  if ((order as { atRisk?: unknown }).atRisk === true) return AT_RISK_COLOR;
  return ORDER_MARKER_COLORS[order.state] ?? ORDER_MARKER_FALLBACK_COLOR;
}

/**
 * The day's order markers as canvas circles on a canvas of their own (2,000 of them stay
 * cheap, and rider moves do not redraw them). Updated by diff, so a refetch after one order
 * changed touches one marker. A click near one opens its popup (marker-picking.ts).
 */
export function OrderLayer({
  orders,
  onSelect,
  picker,
}: {
  orders: readonly OrderMapItem[];
  onSelect: (order: OrderMapItem) => void;
  picker: RefObject<Picker | null>;
}) {
  const map = useMap();
  const [renderer] = useState(() =>
    canvas({ padding: 0.2, pane: ensureMarkerPane(map, 'orders') }),
  );
  const group = useRef<LayerGroup | null>(null);
  const markers = useRef(new Map<number, CircleMarker>());
  const byId = useRef(new Map<number, OrderMapItem>());
  const select = useRef(onSelect);
  select.current = onSelect;

  useEffect(() => {
    const layer = layerGroup().addTo(map);
    const drawn = markers.current;
    group.current = layer;
    picker.current = (point) =>
      pickNearest(map, drawn, point, (id) => {
        const order = byId.current.get(id);
        if (order) select.current(order);
      });
    return () => {
      layer.remove();
      drawn.clear();
      group.current = null;
      picker.current = null;
    };
  }, [map, picker]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: map re-runs this after the group is rebuilt.
  useEffect(() => {
    const layer = group.current;
    if (!layer) return;
    const drawn = markers.current;
    byId.current = new Map(orders.map((o) => [o.id, o]));
    for (const order of orders) {
      const fillColor = orderColor(order);
      const marker = drawn.get(order.id);
      if (marker) {
        if (marker.options.fillColor !== fillColor) marker.setStyle({ fillColor });
        const at = marker.getLatLng();
        if (at.lat !== order.latitude || at.lng !== order.longitude) {
          marker.setLatLng([order.latitude, order.longitude]);
        }
        continue;
      }
      const created = circleMarker([order.latitude, order.longitude], {
        renderer,
        radius: 6,
        color: ORDER_MARKER_RING,
        weight: 1,
        fillColor,
        fillOpacity: 0.9,
        interactive: false,
      });
      layer.addLayer(created);
      drawn.set(order.id, created);
    }
    for (const [id, marker] of drawn) {
      if (byId.current.has(id)) continue;
      layer.removeLayer(marker);
      drawn.delete(id);
    }
  }, [orders, renderer, map]);

  return null;
}
