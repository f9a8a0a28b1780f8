import type { LatLngTuple, LeafletEventHandlerFnMap } from 'leaflet';
import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';

/**
 * A function that keeps its identity across renders and calls the latest `callback`: a prop
 * that must not change identity when only the caller's closure did.
 */
export function useLatestCallback<A extends unknown[]>(
  callback: (...args: A) => void,
): (...args: A) => void {
  const latest = useRef(callback);
  useLayoutEffect(() => {
    latest.current = callback;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}

/**
 * The props of a dashboard popup (react-leaflet's <Popup>) that must keep their identity while
 * the popup stays where it is. react-leaflet takes the popup off the map and opens it again
 * whenever `position` or `eventHandlers` is a new array or object, which a literal is on every
 * render, and the dashboard re-renders on every stream event and poll. Each time, the popup's
 * element left the page and came back, and Leaflet laid it out and auto-panned again, under the
 * dispatcher's pointer: Chrome dispatches no click when the pressed element leaves the document
 * before the button is released, and a click released on the map closes the popup. Seen as an
 * order popup's Cancel that neither opened the dialog nor left the popup open
 * (docs/decisions/0005-test-pipeline.md, fifth pass).
 */
export function usePopupProps(
  latitude: number,
  longitude: number,
  onClose: () => void,
): { position: LatLngTuple; eventHandlers: LeafletEventHandlerFnMap } {
  const close = useLatestCallback(onClose);
  const position = useMemo<LatLngTuple>(() => [latitude, longitude], [latitude, longitude]);
  const eventHandlers = useMemo(() => ({ remove: close }), [close]);
  return { position, eventHandlers };
}
