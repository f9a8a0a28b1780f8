import { DETAIL_MAP_ZOOM } from '@dastak/core/constants';
import type { CustomerAddress } from '@dastak/core/entities/customer-addresses';
import { useEffect } from 'react';
import { useMap } from 'react-leaflet';
import { AppMap } from '../../../components/map/app-map';
import { PinMarker } from '../../../components/map/pin-marker';

/** Centres the map on the chosen address, or frames them all when none is chosen. */
function Focus({
  addresses,
  focusedId,
}: {
  addresses: CustomerAddress[];
  focusedId: number | null;
}) {
  const map = useMap();
  useEffect(() => {
    const focused = addresses.find((a) => a.id === focusedId);
    if (focused) {
      map.setView([focused.latitude, focused.longitude], DETAIL_MAP_ZOOM);
      return;
    }
    if (addresses.length === 1 && addresses[0]) {
      map.setView([addresses[0].latitude, addresses[0].longitude], DETAIL_MAP_ZOOM);
    } else if (addresses.length > 1) {
      map.fitBounds(
        addresses.map((a) => [a.latitude, a.longitude] as [number, number]),
        { padding: [40, 40], maxZoom: DETAIL_MAP_ZOOM },
      );
    }
  }, [map, addresses, focusedId]);
  return null;
}

/** Every address of a customer as a pin (spec §2.9); loaded lazily with Leaflet. */
export default function CustomerAddressesMap({
  addresses,
  focusedId,
  height = 360,
}: {
  addresses: CustomerAddress[];
  focusedId: number | null;
  height?: number;
}) {
  return (
    <AppMap label="Customer addresses map" height={height}>
      <Focus addresses={addresses} focusedId={focusedId} />
      {addresses.map((a, i) => (
        <PinMarker
          key={a.id}
          position={{ latitude: a.latitude, longitude: a.longitude }}
          color={a.id === focusedId ? '#e03131' : '#1c7ed6'}
          letter={String(i + 1)}
          title={a.address}
        />
      ))}
    </AppMap>
  );
}
