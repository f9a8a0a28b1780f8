import { DETAIL_MAP_ZOOM } from '@dastak/core/constants';
import type { LatLng } from '@dastak/core/entities/common';
import { AppMap } from '../../../components/map/app-map';
import { PinMarker } from '../../../components/map/pin-marker';

/** Loaded on demand by the location dialog, so Leaflet stays out of the list's bundle. */
export default function AttendanceLocationMap({
  position,
  name,
}: {
  position: LatLng;
  name: string;
}) {
  return (
    <AppMap center={position} zoom={DETAIL_MAP_ZOOM} height={420} label="Shift start location map">
      <PinMarker
        position={position}
        color="#1c7ed6"
        letter="R"
        title={`${name} started the shift here`}
      />
    </AppMap>
  );
}
