import type { LatLng } from '@dastak/core/entities/common';
import { useEffect } from 'react';
import { useMap } from 'react-leaflet';

/** MapContainer reads its centre once; a region switch moves the map here. */
export function Recenter({ center, zoom }: { center: LatLng; zoom: number }) {
  const map = useMap();
  useEffect(() => {
    map.setView([center.latitude, center.longitude], zoom);
  }, [map, center.latitude, center.longitude, zoom]);
  return null;
}

/** The map keeps its size when the page around it changes (detail mode): re-measure then. */
export function InvalidateSize({ watch }: { watch: unknown }) {
  const map = useMap();
  useEffect(() => {
    void watch;
    map.invalidateSize();
  }, [map, watch]);
  return null;
}
