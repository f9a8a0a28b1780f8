import { DETAIL_MAP_ZOOM } from '@dastak/core/constants';
import type { LatLng } from '@dastak/core/entities/common';
import { latLngBounds } from 'leaflet';
import { useEffect } from 'react';
import { useMap } from 'react-leaflet';

/**
 * Keeps every point in view, never closer than the detail zoom (15, spec §9). One point is
 * simply centred at that zoom.
 */
export function FitPoints({ points }: { points: LatLng[] }) {
  const map = useMap();
  const key = points.map((p) => `${p.latitude},${p.longitude}`).join(';');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the points.
  useEffect(() => {
    if (points.length === 0) return;
    if (points.length === 1) {
      const [only] = points;
      if (only) map.setView([only.latitude, only.longitude], DETAIL_MAP_ZOOM);
      return;
    }
    const bounds = latLngBounds(points.map((p) => [p.latitude, p.longitude] as [number, number]));
    map.fitBounds(bounds, { padding: [48, 48], maxZoom: DETAIL_MAP_ZOOM });
  }, [map, key]);
  return null;
}
