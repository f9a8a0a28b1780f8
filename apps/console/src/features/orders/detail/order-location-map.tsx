import { DETAIL_MAP_ZOOM } from '@dastak/core/constants';
import type { LatLng } from '@dastak/core/entities/common';
import { AppMap } from '../../../components/map/app-map';
import { PinMarker } from '../../../components/map/pin-marker';
import { FitPoints } from './fit-points';
import { ORDER_MAP_PINS } from './map-pins';

/** Loaded on demand, so the text blocks of the page show before Leaflet arrives. */
export default function OrderLocationMap({
  order,
  rider,
  height,
}: {
  order: { position: LatLng; title: string };
  rider: { position: LatLng; title: string } | null;
  height: number;
}) {
  const points = rider ? [order.position, rider.position] : [order.position];
  return (
    <AppMap center={order.position} zoom={DETAIL_MAP_ZOOM} height={height} label="Order map">
      <PinMarker position={order.position} {...ORDER_MAP_PINS.order} title={order.title} />
      {rider && (
        <PinMarker position={rider.position} {...ORDER_MAP_PINS.rider} title={rider.title} />
      )}
      <FitPoints points={points} />
    </AppMap>
  );
}
