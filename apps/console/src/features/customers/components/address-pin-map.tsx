import type { LatLng } from '@dastak/core/entities/common';
import { divIcon, type LeafletEventHandlerFnMap } from 'leaflet';
import { useEffect, useMemo } from 'react';
import { Marker, useMap, useMapEvents } from 'react-leaflet';
import { AppMap } from '../../../components/map/app-map';

const PIN_SIZE = 36;

const pinIcon = divIcon({
  html: `<svg xmlns="http://www.w3.org/2000/svg" width="${PIN_SIZE}" height="${PIN_SIZE}" viewBox="0 0 24 24" aria-hidden="true"><path d="M12 1.5c-4.4 0-8 3.4-8 7.8 0 5.6 8 13.2 8 13.2s8-7.6 8-13.2c0-4.4-3.6-7.8-8-7.8z" fill="#e03131" stroke="#fff" stroke-width="1.5"/><circle cx="12" cy="9.5" r="3" fill="#fff"/></svg>`,
  className: '',
  iconSize: [PIN_SIZE, PIN_SIZE],
  iconAnchor: [PIN_SIZE / 2, PIN_SIZE - 2],
});

/** Moves the view when the city or a picked place changes; the user's own panning is kept. */
function FollowView({ center, zoom }: { center: LatLng; zoom: number }) {
  const map = useMap();
  useEffect(() => {
    map.setView([center.latitude, center.longitude], zoom);
  }, [map, center.latitude, center.longitude, zoom]);
  return null;
}

function ClickToPin({ onPin }: { onPin: (point: LatLng) => void }) {
  useMapEvents({
    click: (event) => onPin({ latitude: event.latlng.lat, longitude: event.latlng.lng }),
  });
  return null;
}

/**
 * The New Address dialog's map (spec §2.7): a click drops the pin, dragging moves it. Loaded
 * lazily (default export) so Leaflet is only fetched when the dialog opens.
 */
export default function AddressPinMap({
  center,
  zoom,
  pin,
  onPin,
}: {
  center: LatLng;
  zoom: number;
  pin: LatLng | null;
  onPin: (point: LatLng) => void;
}) {
  const handlers = useMemo<LeafletEventHandlerFnMap>(
    () => ({
      dragend: (event) => {
        const { lat, lng } = event.target.getLatLng();
        onPin({ latitude: lat, longitude: lng });
      },
    }),
    [onPin],
  );
  return (
    <AppMap label="Address map" center={center} zoom={zoom} height={300}>
      <FollowView center={center} zoom={zoom} />
      <ClickToPin onPin={onPin} />
      {pin && (
        <Marker
          position={[pin.latitude, pin.longitude]}
          icon={pinIcon}
          draggable
          title="Address pin"
          alt="Address pin"
          eventHandlers={handlers}
        />
      )}
    </AppMap>
  );
}
