import { DETAIL_MAP_ZOOM } from '@dastak/core/constants';
import { AppMap } from '../../../components/map/app-map';
import { PinMarker } from '../../../components/map/pin-marker';
import { FitPoints } from './fit-points';
import { type OrderPin, pinTitle } from './order-pins';

/** Loaded on demand when the pin activity dialog opens. */
export default function PinActivityMap({ pins, height }: { pins: OrderPin[]; height: number }) {
  return (
    <AppMap
      center={pins[0]?.position}
      zoom={DETAIL_MAP_ZOOM}
      height={height}
      label="Pin activity map"
    >
      {pins.map((pin) => (
        <PinMarker
          key={pin.key}
          position={pin.position}
          color={pin.color}
          letter={pin.letter}
          title={pinTitle(pin)}
        />
      ))}
      <FitPoints points={pins.map((p) => p.position)} />
    </AppMap>
  );
}
