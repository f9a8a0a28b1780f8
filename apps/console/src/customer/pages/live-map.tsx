import 'leaflet/dist/leaflet.css';
import { PUBLIC_PAGES } from '@dastak/core/messages';
import {
  type CircleMarker,
  circleMarker,
  type LatLngTuple,
  type Map as LeafletMap,
  latLngBounds,
  map as leafletMap,
  type TooltipOptions,
  tileLayer,
} from 'leaflet';
import { useEffect, useRef } from 'react';
import { TILE_ATTRIBUTION, TILE_MAX_ZOOM, TILE_URL_TEMPLATE } from '../../components/map/tiles';

type Point = { lat: number; lng: number };

const YOU_STYLE = { color: '#fff', weight: 3, fillColor: '#0b7285', fillOpacity: 1, radius: 10 };
const RIDER_STYLE = { ...YOU_STYLE, fillColor: '#e8590c' };
const LABEL: TooltipOptions = { permanent: true, direction: 'top', offset: [0, -10] };

/** Hands the main thread back to the browser (input, paint) between steps of building the map. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

type Built = { map: LeafletMap; you: CircleMarker; rider: CircleMarker | null };

/** Both points in view (or the address alone), as close as a street allows. */
function frame(map: LeafletMap, home: Point, rider: Point | null) {
  const at: LatLngTuple = [home.lat, home.lng];
  if (!rider) map.setView(at, 15);
  else
    map.fitBounds(latLngBounds([at, [rider.lat, rider.lng]]), { padding: [40, 40], maxZoom: 16 });
}

/** 'You' at the address, 'Rider' where last seen (or no rider marker), both kept in view. */
function place(built: Built, home: Point, rider: Point | null) {
  const { map } = built;
  built.you.setLatLng(home);
  if (rider && !built.rider) {
    built.rider = circleMarker(rider, RIDER_STYLE)
      .bindTooltip(PUBLIC_PAGES.LIVE_RIDER, LABEL)
      .addTo(map);
  } else if (rider && built.rider) {
    built.rider.setLatLng(rider);
  } else if (!rider && built.rider) {
    built.rider.remove();
    built.rider = null;
  }
  frame(map, home, rider);
}

/**
 * The live page's map, with Leaflet itself rather than react-leaflet: it is built in three tasks
 * (the map, its tiles, the markers) so that on a cheap phone no step holds the main thread long
 * (Lighthouse's blocking time, issue 31), and a new position only moves markers.
 */
export default function LiveMap({ home, rider }: { home: Point; rider: Point | null }) {
  const box = useRef<HTMLDivElement>(null);
  const built = useRef<Built | null>(null);
  const latest = useRef({ home, rider });
  latest.current = { home, rider };

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let live = true;
    let map: LeafletMap | null = null;
    void (async () => {
      // The final view first, so that the tiles are made once, at the zoom that stays.
      map = leafletMap(el, { preferCanvas: true, scrollWheelZoom: false });
      frame(map, latest.current.home, latest.current.rider);
      await nextTask();
      if (!live) return;
      tileLayer(TILE_URL_TEMPLATE, { attribution: TILE_ATTRIBUTION, maxZoom: TILE_MAX_ZOOM }).addTo(
        map,
      );
      await nextTask();
      if (!live) return;
      const you = circleMarker(latest.current.home, YOU_STYLE)
        .bindTooltip(PUBLIC_PAGES.LIVE_YOU, LABEL)
        .addTo(map);
      built.current = { map, you, rider: null };
      place(built.current, latest.current.home, latest.current.rider);
    })();
    return () => {
      live = false;
      built.current = null;
      map?.remove();
    };
  }, []);

  // A poll gives new objects each time: move the markers only when a position changed.
  const { lat, lng } = home;
  const riderLat = rider?.lat;
  const riderLng = rider?.lng;
  useEffect(() => {
    if (!built.current) return;
    const seen = riderLat === undefined || riderLng === undefined;
    place(built.current, { lat, lng }, seen ? null : { lat: riderLat, lng: riderLng });
  }, [lat, lng, riderLat, riderLng]);

  return <div ref={box} className="c-map" />;
}
