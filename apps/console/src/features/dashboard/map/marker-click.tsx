import type { RefObject } from 'react';
import { useMapEvents } from 'react-leaflet';
import type { Picker } from './marker-picking';

/**
 * Routes a map click to the first picker (in priority order) with a marker under it; a click on
 * no marker calls onMiss, which closes the open popup. The popups do not close themselves on a
 * map click (closeOnClick off): Leaflet closed one before the same click picked its marker again,
 * the selection did not change, so nothing opened it again and it stayed closed while selected.
 */
export function MarkerClick({
  pickers,
  onMiss,
}: {
  pickers: readonly RefObject<Picker | null>[];
  onMiss: () => void;
}) {
  useMapEvents({
    click(event) {
      for (const picker of pickers) {
        const hit = picker.current?.(event.containerPoint);
        if (hit) return hit.select();
      }
      onMiss();
    },
  });
  return null;
}
