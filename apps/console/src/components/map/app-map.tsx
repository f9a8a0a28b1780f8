import 'leaflet/dist/leaflet.css';
import { DEFAULT_MAP_CENTER, DEFAULT_MAP_ZOOM } from '@dastak/core/constants';
import type { LatLng } from '@dastak/core/entities/common';
import type { ReactNode } from 'react';
import { MapContainer } from 'react-leaflet';
import { AppTileLayer } from './tile-layer';

/**
 * Every map of the console: Leaflet drawing vectors on a canvas (thousands of points stay
 * smooth), OSM tiles underneath, and the spec's default centre and zoom (spec §9).
 */
export function AppMap({
  center = DEFAULT_MAP_CENTER,
  zoom = DEFAULT_MAP_ZOOM,
  height = 400,
  label,
  children,
}: {
  center?: LatLng;
  zoom?: number;
  height?: number | string;
  /** Accessible name of the map region. */
  label: string;
  children?: ReactNode;
}) {
  return (
    // isolation: Leaflet's panes and controls (z-index 400-1000) stay inside the map instead of
    // rising above dialogs and menus opened over the page.
    <section aria-label={label} style={{ height, width: '100%', isolation: 'isolate' }}>
      <MapContainer
        center={[center.latitude, center.longitude]}
        zoom={zoom}
        preferCanvas
        style={{ height: '100%', width: '100%', background: 'var(--mantine-color-gray-1)' }}
      >
        <AppTileLayer />
        {children}
      </MapContainer>
    </section>
  );
}
