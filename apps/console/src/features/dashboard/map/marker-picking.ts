import type { CircleMarker, Map as LeafletMap, Point } from 'leaflet';

/**
 * Riders and orders are drawn on canvases of their own in panes that ignore the pointer (so a
 * rider's moves never redraw the order canvas, and the canvases do not swallow each other's
 * clicks: Leaflet only hit-tests the topmost canvas). A map click is matched here instead:
 * riders first, then orders, the nearest marker within its radius plus a little slack.
 */
const CLICK_SLACK_PX = 4;

/** Riders above orders; both above the shapes (overlay pane, 400), below tooltips (650). */
const MARKER_PANES = { orders: 440, riders: 450 } as const;

export type Picker = (point: Point) => { distance: number; select: () => void } | null;

/** The pane a marker canvas lives in, created once per map. */
export function ensureMarkerPane(map: LeafletMap, layer: keyof typeof MARKER_PANES): string {
  const name = `dashboard-${layer}`;
  if (!map.getPane(name)) {
    const pane = map.createPane(name);
    pane.style.zIndex = String(MARKER_PANES[layer]);
    pane.style.pointerEvents = 'none';
  }
  return name;
}

/** The nearest of the markers under `point`, if any is within reach. */
export function pickNearest<K>(
  map: LeafletMap,
  markers: ReadonlyMap<K, CircleMarker>,
  point: Point,
  select: (key: K) => void,
): ReturnType<Picker> {
  let best: { key: K; distance: number } | null = null;
  for (const [key, marker] of markers) {
    const distance = map.latLngToContainerPoint(marker.getLatLng()).distanceTo(point);
    if (distance > marker.getRadius() + CLICK_SLACK_PX) continue;
    if (!best || distance < best.distance) best = { key, distance };
  }
  if (!best) return null;
  const { key, distance } = best;
  return { distance, select: () => select(key) };
}
