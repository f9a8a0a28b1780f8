import type { LatLng } from '@dastak/core/entities/common';
import { divIcon } from 'leaflet';
import { useMemo } from 'react';
import { Marker, Tooltip } from 'react-leaflet';

const PIN_SIZE = 34;

/** An inline SVG pin: no image assets to resolve, any colour, a letter inside. */
function pinHtml(color: string, letter: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PIN_SIZE}" height="${PIN_SIZE}" viewBox="0 0 24 24" aria-hidden="true">
<path d="M12 1.5c-4.4 0-8 3.4-8 7.8 0 5.6 8 13.2 8 13.2s8-7.6 8-13.2c0-4.4-3.6-7.8-8-7.8z" fill="${color}" stroke="#fff" stroke-width="1.5"/>
<text x="12" y="13" text-anchor="middle" font-size="8" font-weight="700" fill="#fff" font-family="system-ui, sans-serif">${letter}</text>
</svg>`;
}

/**
 * A single highlighted point (a rider's last position, a pin): a DOM marker so it sits above the
 * canvas layers and carries a title for assistive technology.
 */
export function PinMarker({
  position,
  color,
  letter = '',
  title,
  tooltip,
}: {
  position: LatLng;
  color: string;
  letter?: string;
  title: string;
  tooltip?: string;
}) {
  const icon = useMemo(
    () =>
      divIcon({
        html: pinHtml(color, letter),
        className: '',
        iconSize: [PIN_SIZE, PIN_SIZE],
        iconAnchor: [PIN_SIZE / 2, PIN_SIZE - 2],
        tooltipAnchor: [0, -PIN_SIZE + 6],
      }),
    [color, letter],
  );
  return (
    <Marker
      position={[position.latitude, position.longitude]}
      icon={icon}
      title={title}
      alt={title}
    >
      {tooltip && (
        <Tooltip direction="top" permanent>
          {tooltip}
        </Tooltip>
      )}
    </Marker>
  );
}
