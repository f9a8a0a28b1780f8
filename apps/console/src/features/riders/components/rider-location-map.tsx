import { DETAIL_MAP_ZOOM } from '@dastak/core/constants';
import type { LatLng } from '@dastak/core/entities/common';
import { AppMap } from '../../../components/map/app-map';
import { PinMarker } from '../../../components/map/pin-marker';
import { RIDER_MARKER_STYLE, type RiderMarkerKind } from '../rider-display';

/** Loaded on demand by the last-seen dialog, so Leaflet stays out of the list's bundle. */
export default function RiderLocationMap({
  position,
  kind,
  name,
}: {
  position: LatLng;
  kind: RiderMarkerKind;
  name: string;
}) {
  const style = RIDER_MARKER_STYLE[kind];
  return (
    <AppMap center={position} zoom={DETAIL_MAP_ZOOM} height={420} label="Last seen location map">
      <PinMarker
        position={position}
        color={style.color}
        letter={style.letter}
        title={`${name} last seen here`}
      />
    </AppMap>
  );
}
