import 'leaflet/dist/leaflet.css';
import { PUBLIC_PAGES } from '@dastak/core/messages';
import { latLngBounds } from 'leaflet';
import { useEffect } from 'react';
import { CircleMarker, MapContainer, TileLayer, Tooltip, useMap } from 'react-leaflet';
import { TILE_URL_TEMPLATE } from '../../components/map/tile-layer';

type Point = { lat: number; lng: number };

/** Keeps both markers in view as the rider moves (only when a position changes). */
function FitBoth({ home, rider }: { home: Point; rider: Point | null }) {
  const map = useMap();
  const { lat, lng } = home;
  const riderLat = rider?.lat;
  const riderLng = rider?.lng;
  useEffect(() => {
    if (riderLat === undefined || riderLng === undefined) map.setView([lat, lng], 15);
    else
      map.fitBounds(
        latLngBounds([
          [lat, lng],
          [riderLat, riderLng],
        ]),
        { padding: [40, 40], maxZoom: 16 },
      );
  }, [map, lat, lng, riderLat, riderLng]);
  return null;
}

/** The live page's map: 'You' at the address, 'Rider' where the rider was last seen. */
export default function LiveMap({ home, rider }: { home: Point; rider: Point | null }) {
  return (
    <MapContainer
      center={home}
      zoom={15}
      className="c-map"
      preferCanvas
      scrollWheelZoom={false}
      attributionControl
    >
      <TileLayer
        url={TILE_URL_TEMPLATE}
        attribution='&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>'
        maxZoom={19}
      />
      <CircleMarker
        center={home}
        radius={10}
        pathOptions={{ color: '#fff', weight: 3, fillColor: '#0b7285', fillOpacity: 1 }}
      >
        <Tooltip permanent direction="top" offset={[0, -10]}>
          {PUBLIC_PAGES.LIVE_YOU}
        </Tooltip>
      </CircleMarker>
      {rider && (
        <CircleMarker
          center={rider}
          radius={10}
          pathOptions={{ color: '#fff', weight: 3, fillColor: '#e8590c', fillOpacity: 1 }}
        >
          <Tooltip permanent direction="top" offset={[0, -10]}>
            {PUBLIC_PAGES.LIVE_RIDER}
          </Tooltip>
        </CircleMarker>
      )}
      <FitBoth home={home} rider={rider} />
    </MapContainer>
  );
}
