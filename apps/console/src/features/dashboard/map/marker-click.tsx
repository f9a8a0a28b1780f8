import type { RefObject } from 'react';
import { useMapEvents } from 'react-leaflet';
import type { Picker } from './marker-picking';

/** Routes a map click to the first picker (in priority order) with a marker under it. */
export function MarkerClick({ pickers }: { pickers: readonly RefObject<Picker | null>[] }) {
  useMapEvents({
    click(event) {
      for (const picker of pickers) {
        const hit = picker.current?.(event.containerPoint);
        if (hit) return hit.select();
      }
    },
  });
  return null;
}
