import { TileLayer } from 'react-leaflet';
import { TILE_ATTRIBUTION, TILE_MAX_ZOOM, TILE_URL_TEMPLATE } from './tiles';

export function AppTileLayer() {
  return (
    <TileLayer url={TILE_URL_TEMPLATE} attribution={TILE_ATTRIBUTION} maxZoom={TILE_MAX_ZOOM} />
  );
}
