import type { LatLng } from '@dastak/core/entities/common';
import { AppMap } from '../../../components/map/app-map';
import { PinMarker } from '../../../components/map/pin-marker';
import type { SuggestedRider } from './api/get-suggested-riders';
import { suggestedRiderName } from './rider-groups';

const ORDER_COLOR = '#1971c2';
const RIDER_COLOR = '#2b8a3e';
const SELECTED_COLOR = '#e8590c';
const ZOOM = 12;

/**
 * The assign dialog's map: the order's pin and the riders of the open tab that have reported a
 * position, the picked one highlighted. Loaded on demand, keeping Leaflet out of list bundles.
 */
export default function AssignMap({
  order,
  riders,
  selectedId,
}: {
  order: LatLng & { number: string };
  riders: SuggestedRider[];
  selectedId: number | null;
}) {
  return (
    <AppMap
      center={{ latitude: order.latitude, longitude: order.longitude }}
      zoom={ZOOM}
      height={360}
      label="Order and rider positions"
    >
      <PinMarker position={order} color={ORDER_COLOR} letter="O" title={`Order ${order.number}`} />
      {riders.map((entry) => {
        const { lastKnownLatitude: latitude, lastKnownLongitude: longitude } = entry.rider;
        if (latitude == null || longitude == null) return null;
        const selected = entry.rider.id === selectedId;
        return (
          <PinMarker
            key={entry.rider.id}
            position={{ latitude, longitude }}
            color={selected ? SELECTED_COLOR : RIDER_COLOR}
            letter="R"
            title={suggestedRiderName(entry)}
            tooltip={selected ? suggestedRiderName(entry) : undefined}
          />
        );
      })}
    </AppMap>
  );
}
