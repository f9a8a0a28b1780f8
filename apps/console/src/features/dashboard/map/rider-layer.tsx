import type { RiderSummary } from '@dastak/core/entities/riders';
import { type CircleMarker, canvas, circleMarker, type LayerGroup, layerGroup } from 'leaflet';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { useMap } from 'react-leaflet';
import type { RiderPositions, TrailPoint } from '../live/rider-positions';
import { ensureMarkerPane, type Picker, pickNearest } from './marker-picking';
import { RIDER_MARKER_COLORS, RIDER_MARKER_RING, riderMarkerKind } from './marker-styles';

/** Where a rider is drawn: the streamed position when it is newer than the list's last known. */
export function riderPoint(rider: RiderSummary, positions: RiderPositions): TrailPoint | null {
  const streamed = positions.positionOf(rider.id);
  const seenAt = rider.lastSeenAt ? Date.parse(rider.lastSeenAt) : 0;
  if (streamed && streamed.at >= seenAt) return streamed;
  if (rider.lastKnownLatitude === null || rider.lastKnownLongitude === null)
    return streamed ?? null;
  return { latitude: rider.lastKnownLatitude, longitude: rider.lastKnownLongitude, at: seenAt };
}

/**
 * The riders as canvas circles on their own canvas, managed outside React: a ping moves its
 * marker with setLatLng and only the riders' canvas redraws, never the 2,000 order markers or
 * the React tree (ADR 0027: 300 riders moving every second, no task over 50 ms).
 */
export function RiderLayer({
  riders,
  positions,
  onSelect,
  picker,
}: {
  riders: readonly RiderSummary[];
  positions: RiderPositions;
  onSelect: (riderId: number) => void;
  picker: RefObject<Picker | null>;
}) {
  const map = useMap();
  const [renderer] = useState(() =>
    canvas({ padding: 0.2, pane: ensureMarkerPane(map, 'riders') }),
  );
  const group = useRef<LayerGroup | null>(null);
  const markers = useRef(new Map<number, CircleMarker>());
  const select = useRef(onSelect);
  select.current = onSelect;

  useEffect(() => {
    const layer = layerGroup().addTo(map);
    const drawn = markers.current;
    group.current = layer;
    picker.current = (point) => pickNearest(map, drawn, point, (id) => select.current(id));
    const unsubscribe = positions.subscribe((moved) => {
      for (const [id, point] of moved) drawn.get(id)?.setLatLng([point.latitude, point.longitude]);
    });
    return () => {
      unsubscribe();
      layer.remove();
      drawn.clear();
      group.current = null;
      picker.current = null;
    };
  }, [map, positions, picker]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: map re-runs this after the group is rebuilt.
  useEffect(() => {
    const layer = group.current;
    if (!layer) return;
    const drawn = markers.current;
    const present = new Set<number>();
    for (const rider of riders) {
      const point = riderPoint(rider, positions);
      if (!point) continue;
      present.add(rider.id);
      positions.seed(rider.id, point);
      const fillColor = RIDER_MARKER_COLORS[riderMarkerKind(rider)];
      const marker = drawn.get(rider.id);
      if (marker) {
        if (marker.options.fillColor !== fillColor) marker.setStyle({ fillColor });
        const at = marker.getLatLng();
        if (at.lat !== point.latitude || at.lng !== point.longitude) {
          marker.setLatLng([point.latitude, point.longitude]);
        }
        continue;
      }
      const created = circleMarker([point.latitude, point.longitude], {
        renderer,
        radius: 8,
        color: RIDER_MARKER_RING,
        weight: 2,
        fillColor,
        fillOpacity: 1,
        interactive: false,
      });
      layer.addLayer(created);
      drawn.set(rider.id, created);
    }
    for (const [id, marker] of drawn) {
      if (present.has(id)) continue;
      layer.removeLayer(marker);
      drawn.delete(id);
    }
  }, [riders, positions, renderer, map]);

  return null;
}
