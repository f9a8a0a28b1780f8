/**
 * The one place the tile source is named (plain data, no React: the customer pages' map uses
 * Leaflet without react-leaflet). The server's TILE_URL is not exposed to the console yet, so
 * this is OpenStreetMap's standard template; with no internet the tiles simply fail to load and
 * the map still shows its markers and shapes on a blank background.
 */
export const TILE_URL_TEMPLATE = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const TILE_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';
export const TILE_MAX_ZOOM = 19;
